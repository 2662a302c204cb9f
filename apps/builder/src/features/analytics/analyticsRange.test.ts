import {
  ANALYTICS_RANGE_FUTURE_MESSAGE,
  ANALYTICS_RANGE_REVERSED_MESSAGE,
  ANALYTICS_RANGE_TOO_LONG_MESSAGE,
  MAX_ANALYTICS_RANGE_DAYS,
} from '@quizbeam/contracts/analytics';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  customRangeError,
  daysInRange,
  RANGE_END_FUTURE_MESSAGE,
  RANGE_INCOMPLETE_MESSAGE,
  rangeDays,
  utcToday,
} from './analyticsRange';

const today = '2026-11-24';

describe('analytics date ranges', () => {
  it('takes today as the UTC day', () => {
    expect(utcToday(new Date('2026-11-24T23:30:00-05:00'))).toBe('2026-11-25');
    expect(utcToday(new Date('2026-11-24T00:30:00+02:00'))).toBe('2026-11-23');
  });

  it('counts days across months, leap days and both ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysInRange('2026-11-24', '2026-11-24')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('turns each preset into the days it covers, today included', () => {
    expect(rangeDays({ kind: 'last', days: 7 }, today)).toEqual({ from: '2026-11-18', to: today });
    expect(rangeDays({ kind: 'last', days: 30 }, today)).toEqual({ from: '2026-10-26', to: today });
    expect(rangeDays({ kind: 'last', days: 90 }, today)).toEqual({ from: '2026-08-27', to: today });
    expect(rangeDays({ kind: 'all' }, today)).toEqual({});
    expect(rangeDays({ kind: 'custom', from: '2026-01-02', to: '2026-02-03' }, today)).toEqual({
      from: '2026-01-02',
      to: '2026-02-03',
    });
  });

  it('refuses a custom range the server would refuse', () => {
    expect(customRangeError('2026-11-01', today, today)).toBeNull();
    expect(customRangeError(today, today, today)).toBeNull();
    expect(customRangeError('', today, today)).toBe(RANGE_INCOMPLETE_MESSAGE);
    expect(customRangeError('2026-02-30', today, today)).toBe(RANGE_INCOMPLETE_MESSAGE);
    expect(customRangeError('2026-11-25', '2026-11-26', today)).toBe(ANALYTICS_RANGE_FUTURE_MESSAGE);
    expect(customRangeError('2026-11-20', '2026-11-25', today)).toBe(RANGE_END_FUTURE_MESSAGE);
    expect(customRangeError('2026-11-20', '2026-11-19', today)).toBe(ANALYTICS_RANGE_REVERSED_MESSAGE);
    const longest = addDays(today, 1 - MAX_ANALYTICS_RANGE_DAYS);
    expect(customRangeError(longest, today, today)).toBeNull();
    expect(customRangeError(addDays(longest, -1), today, today)).toBe(ANALYTICS_RANGE_TOO_LONG_MESSAGE);
  });
});
