import { QUIZ_UNAVAILABLE_TEXT, QUIZ_UNAVAILABLE_TITLE } from '@quizbeam/contracts/admin';
import { describe, expect, it } from 'vitest';
import { renderUnavailablePage } from './renderUnavailablePage';

describe('renderUnavailablePage', () => {
  it('is a complete page with the friendly message and no scripts', () => {
    const html = renderUnavailablePage();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>${QUIZ_UNAVAILABLE_TITLE}</title>`);
    expect(html).toContain(`<h1>${QUIZ_UNAVAILABLE_TITLE}</h1>`);
    expect(html).toContain(QUIZ_UNAVAILABLE_TEXT);
    expect(html).not.toContain('<script');
  });
});
