import { describe, expect, it } from 'vitest';
import { medianOf, numberBars } from './valueHistogram';

const counts = (entries: [number, number][]) => new Map(entries);

describe('the median of the values given', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(medianOf(counts([[3, 1]]))).toBe(3);
    expect(
      medianOf(
        counts([
          [1, 2],
          [10, 1],
        ]),
      ),
    ).toBe(1);
    expect(
      medianOf(
        counts([
          [0.1, 1],
          [0.2, 1],
        ]),
      ),
    ).toBe(0.15);
    expect(
      medianOf(
        counts([
          [-5, 1],
          [7, 3],
          [2, 0],
        ]),
      ),
    ).toBe(7);
    expect(medianOf(counts([[4, 0]]))).toBeNull();
  });
});

describe('the bars of a number question', () => {
  it('are one per value while there are few different values', () => {
    expect(
      numberBars(
        counts([
          [1000, 2],
          [-3, 1],
        ]),
      ),
    ).toEqual([
      { from: -3, to: -3, count: 1 },
      { from: 1000, to: 1000, count: 2 },
    ]);
    expect(numberBars(new Map())).toEqual([]);
  });

  it('are at most ten equally wide ones with round bounds, each value in exactly one', () => {
    const given = counts(Array.from({ length: 40 }, (_, index) => [0.05 + index * 0.05, 1]));
    const bars = numberBars(given);
    expect(bars.length).toBeLessThanOrEqual(10);
    expect(bars[0]?.from).toBe(0);
    expect(bars.map((bar) => Number((bar.to - bar.from).toFixed(9)))).toEqual(bars.map(() => 0.25));
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(40);
    // Half-open bars: 0.25 counts in the second bar, not the first.
    expect(bars[0]?.count).toBe(4);
    const wide = numberBars(counts(Array.from({ length: 11 }, (_, index) => [index * 99_999_999, 1])));
    expect(wide.length).toBeLessThanOrEqual(10);
    expect(wide.at(-1)?.to).toBeGreaterThan(10 * 99_999_999);
  });
});
