import type { Quiz } from '@quizbeam/contracts/quiz';
import { sameContent } from './sameContent';

/** The only way the editor changes a quiz: a pure engine action, such as `(quiz) => updateQuiz(quiz, patch)`. */
export type QuizChange = (quiz: Quiz) => Quiz;

export interface QuizHistory {
  /** The quiz as the server last stored it. */
  saved: Quiz;
  current: Quiz;
  /** Earlier versions of `current`, oldest first. */
  past: Quiz[];
  /** Versions undone, the next redo first. */
  future: Quiz[];
  /** The field the last change edited, so further keystrokes there extend that history entry. */
  coalesceKey: string | null;
}

export const HISTORY_LIMIT = 100;

export function startHistory(quiz: Quiz): QuizHistory {
  return { saved: quiz, current: quiz, past: [], future: [], coalesceKey: null };
}

export function applyChange(history: QuizHistory, change: QuizChange, coalesceKey?: string): QuizHistory {
  const next = change(history.current);
  if (next === history.current) return history;
  const extendsLastEntry =
    coalesceKey !== undefined && coalesceKey === history.coalesceKey && history.past.length > 0;
  const past = extendsLastEntry ? history.past : [...history.past, history.current].slice(-HISTORY_LIMIT);
  return { ...history, current: next, past, future: [], coalesceKey: coalesceKey ?? null };
}

export function undo(history: QuizHistory): QuizHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    ...history,
    current: previous,
    past: history.past.slice(0, -1),
    future: [history.current, ...history.future],
    coalesceKey: null,
  };
}

export function redo(history: QuizHistory): QuizHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return {
    ...history,
    current: next,
    past: [...history.past, history.current].slice(-HISTORY_LIMIT),
    future: rest,
    coalesceKey: null,
  };
}

/**
 * Records what the server stored. When nothing changed while the save was under way (`sent` is still the
 * current quiz), the stored version also becomes the current one, so the editor shows exactly what the
 * server keeps.
 */
export function markSaved(history: QuizHistory, stored: Quiz, sent: Quiz): QuizHistory {
  const current = history.current === sent ? stored : history.current;
  return { ...history, saved: stored, current, coalesceKey: null };
}

/**
 * What a save or publish sends: the current quiz over the revision last stored. Versions in the undo
 * history keep the revision they were made on; the saved one is what the server checks against.
 */
export function quizToSave({ saved, current }: Pick<QuizHistory, 'saved' | 'current'>): Quiz {
  return current.revision === saved.revision ? current : { ...current, revision: saved.revision };
}

let lastComparison: { saved: Quiz; current: Quiz; differ: boolean } | null = null;

/** Compares by content, so typing a letter and deleting it again leaves nothing unsaved. */
export function hasUnsavedChanges({ saved, current }: QuizHistory): boolean {
  if (saved === current) return false;
  if (lastComparison?.saved === saved && lastComparison.current === current) return lastComparison.differ;
  const differ = !sameContent(saved, quizToSave({ saved, current }));
  lastComparison = { saved, current, differ };
  return differ;
}
