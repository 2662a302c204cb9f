import type { Quiz } from '@quizbeam/contracts/quiz';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';

/** Stored documents may be of an older version; they are read through the migration chain. */
export function readQuizDocument(stored: unknown): Quiz {
  return migrateQuizDocument(stored);
}
