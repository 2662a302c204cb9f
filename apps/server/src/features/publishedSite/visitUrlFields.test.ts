import { describe, expect, it } from 'vitest';
import { visitUrlFields } from './visitUrlFields';

describe('visitUrlFields', () => {
  const quiz = { urlFields: [{ name: 'utm_source' }, { name: 'ref' }, { name: '__proto__' }] };

  it('keeps the quiz’s names in its order, without control characters, empty values left out', () => {
    // As JSON parses a body: `__proto__` is a key like any other there.
    const sent = JSON.parse(
      '{"partner": "not kept", "ref": "partner\\t7\\u0000", "utm_source": "fb", "__proto__": "a name"}',
    ) as Record<string, string>;
    const kept = visitUrlFields(quiz, sent);
    expect(Object.entries(kept ?? {})).toEqual([
      ['utm_source', 'fb'],
      ['ref', 'partner7'],
      ['__proto__', 'a name'],
    ]);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });

  it('keeps nothing when the page sent nothing the quiz keeps', () => {
    expect(visitUrlFields(quiz, undefined)).toBeNull();
    expect(visitUrlFields(quiz, {})).toBeNull();
    expect(visitUrlFields(quiz, { ref: '', utm_source: '\u0007', gclid: 'abc' })).toBeNull();
  });

  it('reads the default names when the quiz lists none', () => {
    expect(visitUrlFields({}, { gclid: 'abc', ref: 'partner7' })).toEqual({ gclid: 'abc' });
  });
});
