import { describe, expect, it } from 'vitest';
import { newVisitId } from './visitId';

describe('newVisitId', () => {
  it('is 24 URL-safe characters, as the visitor API requires, and different every time', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newVisitId()));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
