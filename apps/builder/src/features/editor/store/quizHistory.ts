import type { Quiz } from '@quizbeam/contracts/quiz';
import { sameContent } from './sameContent';

/**
 * What an editor keeps a history of: a quiz, or in the template editor the whole template (its quiz and its
 * own fields), so one undo history covers every edit whichever screen made it.
 */
export interface Revisioned {
  revision: number;
}

/** The only way an editor changes its document: a pure action, such as `(quiz) => updateQuiz(quiz, patch)`. */
export type DocumentChange<Doc> = (document: Doc) => Doc;
export type QuizChange = DocumentChange<Quiz>;

export interface EditHistory<Doc> {
  /** The document as the server last stored it. */
  saved: Doc;
  current: Doc;
  /** Earlier versions of `current`, oldest first. */
  past: Doc[];
  /** Versions undone, the next redo first. */
  future: Doc[];
  /** The field the last change edited, so further keystrokes there extend that history entry. */
  coalesceKey: string | null;
}

export type QuizHistory = EditHistory<Quiz>;

export const HISTORY_LIMIT = 100;

export function startHistory<Doc>(document: Doc): EditHistory<Doc> {
  return { saved: document, current: document, past: [], future: [], coalesceKey: null };
}

export function applyChange<Doc>(
  history: EditHistory<Doc>,
  change: DocumentChange<Doc>,
  coalesceKey?: string,
): EditHistory<Doc> {
  const next = change(history.current);
  if (next === history.current) return history;
  const extendsLastEntry =
    coalesceKey !== undefined && coalesceKey === history.coalesceKey && history.past.length > 0;
  const past = extendsLastEntry ? history.past : [...history.past, history.current].slice(-HISTORY_LIMIT);
  return { ...history, current: next, past, future: [], coalesceKey: coalesceKey ?? null };
}

export function undo<Doc>(history: EditHistory<Doc>): EditHistory<Doc> {
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

export function redo<Doc>(history: EditHistory<Doc>): EditHistory<Doc> {
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
 * current document), the stored version also becomes the current one, so the editor shows exactly what the
 * server keeps.
 */
export function markSaved<Doc>(history: EditHistory<Doc>, stored: Doc, sent: Doc): EditHistory<Doc> {
  const current = history.current === sent ? stored : history.current;
  return { ...history, saved: stored, current, coalesceKey: null };
}

/**
 * What a save or publish sends: the current document over the revision last stored. Versions in the undo
 * history keep the revision they were made on; the saved one is what the server checks against.
 */
export function documentToSave<Doc extends Revisioned>({
  saved,
  current,
}: Pick<EditHistory<Doc>, 'saved' | 'current'>): Doc {
  return current.revision === saved.revision ? current : { ...current, revision: saved.revision };
}

export const quizToSave = (history: Pick<QuizHistory, 'saved' | 'current'>): Quiz => documentToSave(history);

let lastComparison: { saved: unknown; current: unknown; differ: boolean } | null = null;

/** Compares by content, so typing a letter and deleting it again leaves nothing unsaved. */
export function hasUnsavedChanges<Doc extends Revisioned>({ saved, current }: EditHistory<Doc>): boolean {
  if (saved === current) return false;
  if (lastComparison?.saved === saved && lastComparison.current === current) return lastComparison.differ;
  const differ = !sameContent(saved, documentToSave({ saved, current }));
  lastComparison = { saved, current, differ };
  return differ;
}
