import type { Outcome } from '@quizbeam/contracts/quiz';

/**
 * Alternate outcome descriptions rotate evenly between visitors: each completion of an outcome takes the
 * next non-empty description in turn. The counters live in this process (a restart starts over at the
 * first description), which keeps the rotation even without a database write per visitor.
 */
export class DescriptionRotation {
  private readonly counters = new Map<string, number>();

  next(snapshotId: string, outcome: Outcome | undefined): number {
    if (!outcome) return 0;
    const usable = outcome.descriptions.flatMap((text, index) => (text.trim() === '' ? [] : [index]));
    if (usable.length <= 1) return usable[0] ?? 0;
    const key = `${snapshotId}:${outcome.id}`;
    const count = this.counters.get(key) ?? 0;
    this.counters.set(key, count + 1);
    return usable[count % usable.length] ?? 0;
  }
}
