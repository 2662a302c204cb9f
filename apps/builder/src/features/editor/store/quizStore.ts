import type { Quiz } from '@quizbeam/contracts/quiz';
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

export interface QuizStore {
  getState: () => QuizHistory;
  subscribe: (listener: Listener) => () => void;
  dispatch: (change: QuizChange, options?: DispatchOptions) => void;
  undo: () => void;
  redo: () => void;
  markSaved: (stored: Quiz, sent: Quiz) => void;
}

/** One editor session's quiz: a small external store, so each screen re-renders only for what it reads. */
export function createQuizStore(quiz: Quiz): QuizStore {
  let state = startHistory(quiz);
  const listeners = new Set<Listener>();

  function setState(next: QuizHistory) {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
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
  };
}
