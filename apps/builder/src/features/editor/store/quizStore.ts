import type { Quiz } from '@quizbeam/contracts/quiz';
import type { StaleRevisionBody } from '@quizbeam/contracts/quizEndpoints';
import {
  applyChange,
  type DocumentChange,
  type EditHistory,
  hasUnsavedChanges,
  markSaved,
  type Revisioned,
  redo,
  startHistory,
  undo,
} from './quizHistory';

type Listener = () => void;

export interface DispatchOptions {
  /** Consecutive changes with the same key (a field's keystrokes) become one undo step. */
  coalesceKey?: string;
}

/** A save or publish the server refused because the document changed elsewhere, and how to try it again. */
export interface RevisionConflict {
  stale: StaleRevisionBody;
  /** Runs the refused save or publish again (after the editor has adopted the newer revision). */
  retry: () => Promise<void>;
}

/** One editor session's document (a quiz, or a whole template) with its undo history. */
export interface EditStore<Doc> {
  getState: () => EditHistory<Doc>;
  subscribe: (listener: Listener) => () => void;
  dispatch: (change: DocumentChange<Doc>, options?: DispatchOptions) => void;
  undo: () => void;
  redo: () => void;
  markSaved: (stored: Doc, sent: Doc) => void;
  /** Starts over from the document as the server has it now ("Reload their version"); the history goes. */
  replace: (document: Doc) => void;
  /** Takes the newer revision as the one to save over ("Overwrite with mine"); the edits stay. */
  adoptRevision: (revision: number) => void;
  /**
   * Builds on what the server has now (`theirs`, another tab's or person's save) with `merged` as the
   * current document: the edits here merged into theirs. The undo history goes: its versions predate theirs.
   */
  rebase: (theirs: Doc, merged: Doc) => void;
  /** Runs saves, publishes and merges one after another, so two never race over one revision. */
  runExclusive: <Result>(task: () => Promise<Result>) => Promise<Result>;
  getConflict: () => RevisionConflict | null;
  setConflict: (conflict: RevisionConflict | null) => void;
  /** Whether leaving now would lose edits (the guard, the top bar's status). */
  hasUnsavedChanges: () => boolean;
}

/** The store every tab of the quiz editor reads and changes (in the template editor: the template's quiz). */
export type QuizStore = EditStore<Quiz>;

/** A small external store, so each screen re-renders only for what it reads. */
export function createEditStore<Doc extends Revisioned>(document: Doc): EditStore<Doc> {
  let state = startHistory(document);
  let conflict: RevisionConflict | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function setState(next: EditHistory<Doc>) {
    if (next === state) return;
    state = next;
    notify();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (change, options) => setState(applyChange(state, change, options?.coalesceKey)),
    undo: () => setState(undo(state)),
    redo: () => setState(redo(state)),
    markSaved: (stored, sent) => setState(markSaved(state, stored, sent)),
    replace: (fresh) => setState(startHistory(fresh)),
    adoptRevision: (revision) => setState({ ...state, saved: { ...state.saved, revision } }),
    rebase: (theirs, merged) => setState({ ...startHistory(theirs), current: merged }),
    runExclusive(task) {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    },
    getConflict: () => conflict,
    setConflict(next) {
      conflict = next;
      notify();
    },
    hasUnsavedChanges: () => hasUnsavedChanges(state),
  };
}

/** One quiz editor session's quiz. */
export function createQuizStore(quiz: Quiz): QuizStore {
  return createEditStore(quiz);
}
