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
  scripts: { onStartPage: string; onOptIn: string };
  showPoweredByBadge: boolean;
}

/**
 * After a Republish, the snapshot it replaced still takes answers and leads this long: a visitor who was
 * mid-quiz finishes on the version they started. After Unpublish nothing takes them.
 */
export const REPUBLISH_GRACE_MS = 30 * 60 * 1000;
