import type { AnalyticsHistogram } from '@quizbeam/contracts/analytics';
import type { Question } from '@quizbeam/contracts/quiz';
import { numberSettings, ratingScale, ratingValues } from '@quizbeam/quiz-engine/questionTypes';

/** A number question gets at most this many bars; when it was given no more different values, one bar each. */
export const MAX_NUMBER_BARS = 10;

/** Bar widths are one of these times a power of ten, so that bounds read as round numbers. */
const ROUND_WIDTHS = [1, 2, 2.5, 5];

type Bar = AnalyticsHistogram['bars'][number];

/** Sorting and adding decimal fractions leaves float noise (0.30000000000000004); bounds are shown, so trim it. */
const tidy = (value: number) => Number(value.toPrecision(12));

/** The values given, lowest first, each with how many gave it (values nobody gave left out). */
function givenValues(counts: ReadonlyMap<number, number>): [number, number][] {
  return [...counts].filter(([, count]) => count > 0).sort(([left], [right]) => left - right);
}

/** The middle value given, or the mean of the two middle ones for an even count; null when none was given. */
export function medianOf(counts: ReadonlyMap<number, number>): number | null {
  const values = givenValues(counts);
  const total = values.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const valueAt = (position: number): number => {
    let seen = 0;
    for (const [value, count] of values) {
      seen += count;
      if (seen > position) return value;
    }
    return values.at(-1)?.[0] ?? 0;
  };
  return tidy((valueAt(Math.floor((total - 1) / 2)) + valueAt(Math.ceil((total - 1) / 2))) / 2);
}

/** One bar per value: every value of `offered`, and any other value given (an earlier version's scale). */
function barPerValue(counts: ReadonlyMap<number, number>, offered: readonly number[]): Bar[] {
  const values = new Set([...offered, ...givenValues(counts).map(([value]) => value)]);
  return [...values]
    .sort((left, right) => left - right)
    .map((value) => ({ from: value, to: value, count: Math.max(0, counts.get(value) ?? 0) }));
}

/** The narrowest round width that covers lowest..highest in at most `maxBars` bars, and where they start. */
function roundBars(lowest: number, highest: number, maxBars: number): { start: number; width: number } {
  const exponent = Math.floor(Math.log10((highest - lowest) / maxBars));
  for (let power = exponent - 1; ; power += 1) {
    for (const factor of ROUND_WIDTHS) {
      const width = tidy(factor * 10 ** power);
      const start = tidy(Math.floor(lowest / width) * width);
      if (Math.floor((highest - start) / width) + 1 <= maxBars) return { start, width };
    }
  }
}

/**
 * A number question's bars: one per value when few different values were given, else at most `maxBars`
 * equally wide bars with round bounds over the lowest to the highest value given.
 */
export function numberBars(counts: ReadonlyMap<number, number>, maxBars = MAX_NUMBER_BARS): Bar[] {
  const values = givenValues(counts);
  const lowest = values[0]?.[0];
  const highest = values.at(-1)?.[0];
  if (lowest === undefined || highest === undefined || values.length <= maxBars)
    return barPerValue(counts, []);
  const { start, width } = roundBars(lowest, highest, maxBars);
  const barCount = Math.floor((highest - start) / width) + 1;
  const bars = Array.from({ length: barCount }, (_, index) => ({
    from: tidy(start + index * width),
    to: tidy(start + (index + 1) * width),
    count: 0,
  }));
  for (const [value, count] of values) {
    const index = Math.min(barCount - 1, Math.max(0, Math.floor(tidy((value - start) / width))));
    const bar = bars[index];
    if (bar) bar.count += count;
  }
  return bars;
}

/** A rating or number question's histogram, from how many visits gave each value. */
export function histogramOf(question: Question, counts: ReadonlyMap<number, number>): AnalyticsHistogram {
  const isRating = question.type === 'rating';
  return {
    bars: isRating ? barPerValue(counts, ratingValues(ratingScale(question))) : numberBars(counts),
    median: medianOf(counts),
    unit: isRating ? '' : numberSettings(question).unit,
  };
}
