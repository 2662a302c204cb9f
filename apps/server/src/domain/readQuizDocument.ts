import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';

/** Stored documents may be of an older version; they are read through the migration chain. */
export function readQuizDocument(stored: unknown): Quiz {
  return quizSchema.parse(stored);
}
