import type { Quiz } from '@quizbeam/contracts/quiz';
import type { StaleRevisionBody } from '@quizbeam/contracts/quizEndpoints';
import {
  applyChange,
  markSaved,
  type QuizChange,
  type QuizHistory,
  redo,
  startHistory,
  undo,
} from './quizHistory';

type Listener = () => void;

export interface DispatchOptions {
  /** Consecutive changes with the same key (a field's keystrokes) become one undo step. */
  coalesceKey?: string;
}

/** A save or publish the server refused because the quiz changed elsewhere, and how to try it again. */
export interface RevisionConflict {
  stale: StaleRevisionBody;
  /** Runs the refused save or publish again (after the editor has adopted the newer revision). */
  retry: () => Promise<void>;
}

export interface QuizStore {
  getState: () => QuizHistory;
  subscribe: (listener: Listener) => () => void;
  dispatch: (change: QuizChange, options?: DispatchOptions) => void;
  undo: () => void;
  redo: () => void;
  markSaved: (stored: Quiz, sent: Quiz) => void;
  /** Starts over from the quiz as the server has it now ("Reload their version"); the history goes. */
  replace: (quiz: Quiz) => void;
  /** Takes the newer revision as the one to save over ("Overwrite with mine"); the edits stay. */
  adoptRevision: (revision: number) => void;
  getConflict: () => RevisionConflict | null;
  setConflict: (conflict: RevisionConflict | null) => void;
}

/** One editor session's quiz: a small external store, so each screen re-renders only for what it reads. */
export function createQuizStore(quiz: Quiz): QuizStore {
  let state = startHistory(quiz);
  let conflict: RevisionConflict | null = null;
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function setState(next: QuizHistory) {
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
    getConflict: () => conflict,
    setConflict(next) {
      conflict = next;
      notify();
    },
  };
}
