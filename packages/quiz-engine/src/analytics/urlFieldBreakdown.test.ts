import { describe, expect, it } from 'vitest';
import { A, DAY, key, o, START, walk } from '../testing/walks';
import { compareCodePoints } from './urlFieldBreakdown';
import { type RawVisitorEvent, urlFieldBreakdown, visitFigures } from './visitFigures';

const complete = { outcomeId: o[0] ?? null, score: 2 };
const path = [A(0, 1), A(2, 0)];

/** The walk with the URL fields on its visit events. */
const withUrlFields = (events: RawVisitorEvent[], urlFields: Record<string, string>) =>
  events.map((event) => (event.type === 'visit' ? { ...event, urlFields } : event));

describe('URL fields in the figures', () => {
  const events = [
    ...withUrlFields(walk('partner-lead', { answers: path, capture: 'submitted', complete }), {
      ref: 'partner7',
      gclid: 'abc',
    }),
    ...withUrlFields(walk('partner-left', { answers: [A(0, 1)] }), { ref: 'partner7' }),
    ...withUrlFields(walk('other-partner', { answers: path, complete }), { ref: 'partner|9' }),
    ...walk('direct', { answers: path, capture: 'submitted', complete }),
    ...walk('visit-only', { visitOnly: true }),
  ];

  it('counts the visitors that had each URL field, once per visit', () => {
    // A second visit event (a reload) names another value: the first one stays the visit's.
    const reloaded = withUrlFields(walk('reloaded', { visitOnly: true, startAt: START + 5_000 }), {
      ref: 'later',
    });
    const figures = visitFigures([...events, ...reloaded, ...reloaded.map((event) => ({ ...event }))]);
    expect(figures.get(key('url_field', 'ref'))).toBe(4);
    expect(figures.get(key('url_field', 'gclid'))).toBe(1);
    expect(figures.get(key('visitors'))).toBe(6);
    expect([...figures.keys()].filter((figure) => figure.includes('|url_field|')).sort()).toEqual([
      key('url_field', 'gclid'),
      key('url_field', 'ref'),
    ]);
  });

  it('breaks visitors, completions and leads down by one field’s value, none under the empty value', () => {
    expect(urlFieldBreakdown(events, 'ref')).toEqual([
      { value: '', visitors: 2, completions: 1, leads: 1 },
      { value: 'partner7', visitors: 2, completions: 1, leads: 1 },
      { value: 'partner|9', visitors: 1, completions: 1, leads: 0 },
    ]);
    expect(urlFieldBreakdown(events, 'gclid')).toEqual([
      { value: '', visitors: 4, completions: 2, leads: 1 },
      { value: 'abc', visitors: 1, completions: 1, leads: 1 },
    ]);
    // A name nothing has, or one an object inherits, is every visit without a value.
    expect(urlFieldBreakdown(events, 'constructor')).toEqual([
      { value: '', visitors: 5, completions: 3, leads: 2 },
    ]);
  });

  it('takes the first visit event’s value and keeps the filter’s days and versions', () => {
    const first = withUrlFields(walk('first', { answers: path, complete }), { ref: 'first' });
    const second = withUrlFields(walk('first', { visitOnly: true, startAt: START + 1_000 }), {
      ref: 'second',
    });
    const nextDay = withUrlFields(
      walk('next-day', { visitOnly: true, startAt: Date.parse('2026-03-02T09:00:00Z'), version: 2 }),
      { ref: 'first' },
    );
    const all = [...second, ...nextDay, ...first];
    expect(urlFieldBreakdown(all, 'ref')).toEqual([
      { value: 'first', visitors: 2, completions: 1, leads: 0 },
    ]);
    expect(urlFieldBreakdown(all, 'ref', { from: DAY, to: DAY })).toEqual([
      { value: 'first', visitors: 1, completions: 1, leads: 0 },
    ]);
    expect(urlFieldBreakdown(all, 'ref', { version: 2 })).toEqual([
      { value: 'first', visitors: 1, completions: 0, leads: 0 },
    ]);
    // A visit that lost its visit event still completes, under no value.
    const lost = walk('lost', { answers: path, complete }).filter((event) => event.type !== 'visit');
    expect(urlFieldBreakdown([...first, ...lost], 'ref')).toEqual([
      { value: 'first', visitors: 1, completions: 1, leads: 0 },
      { value: '', visitors: 0, completions: 1, leads: 0 },
    ]);
  });

  it('orders equal rows by the value’s code points, as PostgreSQL’s "C" collation does', () => {
    const sorted = ['b', 'B', 'ä', '😀', '\uFFFD', 'a', 'ab', ''].sort(compareCodePoints);
    expect(sorted).toEqual(['', 'B', 'a', 'ab', 'b', 'ä', '\uFFFD', '😀']);
  });
});
