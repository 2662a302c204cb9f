import { describe, expect, it } from 'vitest';
import { durationBucket, medianFromBuckets } from './durations';

describe('durationBucket and medianFromBuckets', () => {
  it('gives the lower bound of the bucket a time falls in', () => {
    expect(durationBucket(0)).toBe(0);
    expect(durationBucket(4.9)).toBe(0);
    expect(durationBucket(5)).toBe(5);
    expect(durationBucket(-3)).toBe(0);
    expect(durationBucket(100)).toBe(90);
    expect(durationBucket(1_000_000)).toBe(7200);
  });

  it('takes the midpoint of the bucket holding the middle completion', () => {
    expect(
      medianFromBuckets(
        new Map([
          [5, 1],
          [10, 1],
          [30, 1],
        ]),
      ),
    ).toBe(12.5);
    expect(
      medianFromBuckets(
        new Map([
          [7200, 1],
          [60, 2],
          [0, 1],
        ]),
      ),
    ).toBe(75);
    expect(
      medianFromBuckets(
        new Map([
          [0, 1],
          [7200, 3],
        ]),
      ),
    ).toBe(7200);
  });

  it('is null without completions', () => {
    expect(medianFromBuckets(new Map())).toBeNull();
    expect(medianFromBuckets(new Map([[60, 0]]))).toBeNull();
  });
});
