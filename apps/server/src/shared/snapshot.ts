import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';

/** A published version of a quiz, as visitors take it. */
export interface Snapshot {
  id: string;
  quizId: string;
  accountId: string;
  version: number;
  host: string;
  slug: string;
  quiz: Quiz;
  maxScore: number;
  /** `onComplete` is absent on snapshots published before completion scripts existed. */
  scripts: { onStartPage: string; onOptIn: string; onComplete?: string };
  /** The tags the page turns on, as published (the quiz's own or the account's defaults then). */
  tracking: BrowserTracking;
  showPoweredByBadge: boolean;
}

/**
 * After a Republish, the snapshot it replaced still takes answers and leads this long: a visitor who was
 * mid-quiz finishes on the version they started. After Unpublish nothing takes them.
 */
export const REPUBLISH_GRACE_MS = 30 * 60 * 1000;
