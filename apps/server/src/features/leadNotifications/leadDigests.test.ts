import { describe, expect, it } from 'vitest';
import { DIGEST_CATCH_UP_DAYS, dueDigestDays } from './leadDigests';

const at = (iso: string) => new Date(iso);

describe('the days due for a digest', () => {
  it('start with yesterday, once it has ended a few minutes ago', () => {
    expect(dueDigestDays(null, at('2026-03-10T08:00:00Z'))).toEqual(['2026-03-09']);
    // Five minutes into the day, a lead of the day before may still be on its way.
    expect(dueDigestDays(null, at('2026-03-10T00:05:00Z'))).toEqual([]);
    expect(dueDigestDays(null, at('2026-03-10T00:10:00Z'))).toEqual(['2026-03-09']);
    expect(dueDigestDays(null, at('2026-03-10T23:59:59.999Z'))).toEqual(['2026-03-09']);
  });

  it('then follow the last one sent, day by day', () => {
    expect(dueDigestDays('2026-03-09', at('2026-03-10T23:00:00Z'))).toEqual([]);
    expect(dueDigestDays('2026-03-09', at('2026-03-11T00:09:59Z'))).toEqual([]);
    expect(dueDigestDays('2026-03-09', at('2026-03-11T00:10:00Z'))).toEqual(['2026-03-10']);
    expect(dueDigestDays('2026-03-09', at('2026-03-13T08:00:00Z'))).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
  });

  it('catch up at most a week after a long pause, across a month and a year', () => {
    const days = dueDigestDays('2025-12-01', at('2026-01-03T12:00:00Z'));
    expect(days).toHaveLength(DIGEST_CATCH_UP_DAYS);
    expect(days).toEqual([
      '2025-12-27',
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(dueDigestDays('2026-02-27', at('2026-03-01T06:00:00Z'))).toEqual(['2026-02-28']);
  });
});
