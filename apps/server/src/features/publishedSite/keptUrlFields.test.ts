import { DEFAULT_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { keptUrlFields } from './keptUrlFields';

const PAGE = 'https://quizzes.example/q/abc';
const names = [...DEFAULT_URL_FIELDS, 'ref'];

describe('the URL fields a lead keeps', () => {
  it('keeps only the quiz’s names, in the quiz’s order, and drops empty values', () => {
    const kept = keptUrlFields(names, {
      pageUrl: `${PAGE}?utm_source=ignored`,
      urlFields: { ref: 'partner7', other: 'x', fbclid: 'IwAR1', utm_source: 'fb', gclid: '' },
    });
    expect(kept).toEqual({ values: { utm_source: 'fb', fbclid: 'IwAR1', ref: 'partner7' }, cut: [] });
    expect(Object.keys(kept.values)).toEqual(['utm_source', 'fbclid', 'ref']);
  });

  it('cuts a 5,000-character value to 500 and names it, with the names the page already cut', () => {
    const kept = keptUrlFields(names, {
      pageUrl: PAGE,
      urlFields: {
        ref: 'r'.repeat(5000),
        gclid: 'g'.repeat(500),
        fbclid: 'f'.repeat(500),
        utm_term: 'short',
      },
      urlFieldsCut: ['gclid', 'not_kept', 'utm_medium'],
    });
    expect(kept.values.ref).toBe('r'.repeat(500));
    expect(kept.values.gclid).toBe('g'.repeat(500));
    expect(kept.values.fbclid).toBe('f'.repeat(500));
    // Only names that are kept: the page's cut utm_medium sent no value, not_kept is not the quiz's.
    expect(kept.cut).toEqual(['gclid', 'ref']);
  });

  it('keeps at most 20 of the quiz’s names out of 200 parameters', () => {
    const many = Array.from({ length: 200 }, (_, index) => `p${index}`);
    const sent = Object.fromEntries(many.map((name) => [name, `v-${name}`]));
    const kept = keptUrlFields(many, { pageUrl: PAGE, urlFields: sent });
    expect(Object.keys(kept.values)).toEqual(many.slice(0, 20));
  });

  it('reads a page from before URL fields from its address', () => {
    const kept = keptUrlFields(names, {
      pageUrl: `${PAGE}?utm_source=news&ref=partner%207&ref=second&gclid=&unknown=1&fbclid=${'x'.repeat(600)}`,
    });
    expect(kept.values).toEqual({ utm_source: 'news', fbclid: 'x'.repeat(500), ref: 'partner 7' });
    expect(kept.cut).toEqual(['fbclid']);
    expect(keptUrlFields(names, { pageUrl: 'not an address?ref=1' })).toEqual({ values: {}, cut: [] });
  });

  it('makes what the database refuses storable: no control characters, no unpaired surrogate', () => {
    const kept = keptUrlFields(names, {
      pageUrl: `${PAGE}?ref=a%00b%0Ac&gclid=%ED%A0%80x`,
    });
    expect(kept.values.ref).toBe('abc');
    expect(kept.values.gclid?.isWellFormed()).toBe(true);
    // A value cut inside a surrogate pair does not keep half of it.
    const emoji = keptUrlFields(names, { pageUrl: PAGE, urlFields: { ref: `${'a'.repeat(499)}😀` } });
    expect(emoji.values.ref?.isWellFormed()).toBe(true);
    expect(emoji.values.ref).toHaveLength(500);
    // A value of only control characters is empty: dropped.
    expect(keptUrlFields(names, { pageUrl: PAGE, urlFields: { ref: '\u0000\u0007' } }).values).toEqual({});
  });

  it('reads only the sent values themselves, whatever the quiz’s names', () => {
    const sent = JSON.parse('{"__proto__":"polluted","ref":"ok"}') as Record<string, string>;
    const kept = keptUrlFields(['__proto__', 'toString', 'constructor', 'ref'], {
      pageUrl: PAGE,
      urlFields: sent,
    });
    expect(Object.keys(kept.values)).toEqual(['__proto__', 'ref']);
    expect(Object.getPrototypeOf(kept.values)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(kept.values))).toEqual(
      JSON.parse('{"__proto__":"polluted","ref":"ok"}'),
    );
  });
});
