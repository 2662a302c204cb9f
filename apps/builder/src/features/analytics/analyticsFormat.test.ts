import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatDuration, formatPercentage, responsesText } from './analyticsFormat';

describe('analytics figures', () => {
  it('writes counts and percentages en-US', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatPercentage(48.6)).toBe('48.6%');
    expect(formatPercentage(100)).toBe('100.0%');
    expect(formatPercentage(0)).toBe('0.0%');
    expect(formatPercentage(12.345)).toBe('12.3%');
  });

  it('writes a time to complete in seconds, minutes and hours', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(85)).toBe('1 min 25 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3_725)).toBe('1 h 2 min');
    expect(formatDuration(7_200)).toBe('2 h');
    expect(formatDuration(4_000_000)).toBe('1,111 h 6 min');
  });

  it('writes a UTC day and a response count', () => {
    expect(formatDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(responsesText(1)).toBe('1 response');
    expect(responsesText(0)).toBe('0 responses');
    expect(responsesText(12_500)).toBe('12,500 responses');
  });
});
