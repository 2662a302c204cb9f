import type { Quiz } from '@quizbeam/contracts/quiz';

export type QuizPatch = Partial<
  Omit<Quiz, 'id' | 'version' | 'questions' | 'outcomes' | 'nextId' | 'revision'>
>;

const PROTECTED_KEYS = ['id', 'version', 'questions', 'outcomes', 'nextId', 'revision'] as const;

/**
 * The quiz with the patched top-level fields. The identity, version, child lists, id counter and revision are never
 * patched here (keys smuggled in through a cast are ignored); undefined values are ignored too.
 */
export function updateQuiz(quiz: Quiz, patch: QuizPatch): Quiz {
  const updated: Record<string, unknown> = { ...quiz };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || (PROTECTED_KEYS as readonly string[]).includes(key)) continue;
    updated[key] = value;
  }
  return updated as Quiz;
}
