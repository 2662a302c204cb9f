import { describe, expect, it } from 'vitest';
import { sameContent } from './sameContent';

describe('sameContent', () => {
  it('compares primitives, arrays and objects by value', () => {
    expect(sameContent(1, 1)).toBe(true);
    expect(sameContent('a', 'b')).toBe(false);
    expect(sameContent(null, {})).toBe(false);
    expect(sameContent([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(sameContent([1, 2], [1, 2, 3])).toBe(false);
    expect(sameContent([1], { 0: 1 })).toBe(false);
    expect(sameContent({ a: { b: [1] } }, { a: { b: [2] } })).toBe(false);
  });

  it('ignores key order and keys set to undefined, as JSON does', () => {
    expect(sameContent({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameContent({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameContent({ a: 1, b: undefined }, { a: 1, c: 3 })).toBe(false);
    expect(sameContent({ a: null }, {})).toBe(false);
  });
});
