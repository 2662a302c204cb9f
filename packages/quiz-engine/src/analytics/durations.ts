/** Lower bounds (seconds) of the time-to-complete buckets the 'duration' figures are counted in. */
export const DURATION_BUCKETS_SECONDS: readonly number[] = [
  0, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2700, 3600, 7200,
];

/** The lower bound of the bucket `seconds` falls in (negative times, from clock skew, fall in the first). */
export function durationBucket(seconds: number): number {
  let bucket = DURATION_BUCKETS_SECONDS[0] ?? 0;
  for (const lowerBound of DURATION_BUCKETS_SECONDS) {
    if (lowerBound > seconds) break;
    bucket = lowerBound;
  }
  return bucket;
}

/**
 * The median time from counts per bucket (lower bound → count): the midpoint of the bucket holding the
 * ceil(n/2)-th completion in time order; the last, open-ended bucket gives its lower bound. null when empty.
 */
export function medianFromBuckets(buckets: ReadonlyMap<number, number>): number | null {
  const counted = [...buckets].filter(([, count]) => count > 0).sort(([left], [right]) => left - right);
  const total = counted.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [lowerBound, count] of counted) {
    seen += count;
    if (seen >= total / 2) return bucketMidpoint(lowerBound);
  }
  return null;
}

function bucketMidpoint(lowerBound: number): number {
  const upperBound = DURATION_BUCKETS_SECONDS.find((bound) => bound > lowerBound);
  return upperBound === undefined ? lowerBound : (lowerBound + upperBound) / 2;
}
