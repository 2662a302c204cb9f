import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, renderNotFoundPage } from './renderNotFoundPage';

describe('renderNotFoundPage', () => {
  it('is a complete page with a friendly message and no scripts', () => {
    const html = renderNotFoundPage();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<h1>${NOT_FOUND_TITLE}</h1>`);
    expect(html).toContain(NOT_FOUND_TEXT);
    expect(html).not.toContain('<script');
  });
});
