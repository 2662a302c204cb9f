import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';

/**
 * Edits not saved yet, kept in this browser so that a closed tab, a reload or a lost connection loses
 * nothing: the document they were made on (`base`, as the server last stored it) and the edited one.
 */
export interface LocalDraft {
  base: Quiz;
  current: Quiz;
}

const KEY_PREFIX = 'quizbeam.unsavedQuiz.';

const keyOf = (quizId: string) => `${KEY_PREFIX}${quizId}`;

/** Keeps the draft; false when the browser refuses (storage full or disabled). */
export function keepDraft(quizId: string, draft: LocalDraft): boolean {
  try {
    localStorage.setItem(keyOf(quizId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The kept draft, or null when there is none or it is not a quiz this version of the builder can edit. */
export function readDraft(quizId: string): LocalDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyOf(quizId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { base, current } = parsed as Record<string, unknown>;
    const baseQuiz = quizSchema.safeParse(base);
    const currentQuiz = quizSchema.safeParse(current);
    if (!baseQuiz.success || !currentQuiz.success) return null;
    if (baseQuiz.data.id !== quizId || currentQuiz.data.id !== quizId) return null;
    return { base: baseQuiz.data, current: currentQuiz.data };
  } catch {
    return null;
  }
}

export function forgetDraft(quizId: string): void {
  try {
    localStorage.removeItem(keyOf(quizId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
