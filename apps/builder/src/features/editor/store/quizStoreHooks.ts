import type { Quiz } from '@quizbeam/contracts/quiz';
import { useContext, useRef, useSyncExternalStore } from 'react';
import { QuizStoreContext } from './QuizStoreContext';
import type { QuizChange } from './quizHistory';
import type { DispatchOptions, QuizStore } from './quizStore';

/*
 * The quiz editor's store, for every tab under /quizzes/:quizId (and under /templates/:templateId, where it
 * holds the template's quiz):
 *   const quiz = useQuiz();                          // the current quiz (re-renders on every change)
 *   const outcomes = useQuizSelector((quiz) => quiz.outcomes); // re-renders only when that part changes
 *   const dispatch = useQuizDispatch();
 *   dispatch((quiz) => addOutcome(quiz), { coalesceKey?: 'outcome-3-name' });
 * Dispatch quiz-engine actions only; the store keeps undo/redo history and the unsaved-changes flag.
 */

export function useQuizStore(): QuizStore {
  const store = useContext(QuizStoreContext);
  if (!store) throw new Error('The quiz store is only available inside the quiz editor');
  return store;
}

/** `select` must return part of the quiz or a primitive, not a new object on each call. */
export function useQuizSelector<Selected>(select: (quiz: Quiz) => Selected): Selected {
  const store = useQuizStore();
  const read = () => select(store.getState().current);
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * For selections built anew on each call (such as a list of choices): while `isEqual` finds the new one
 * equal to the last, the last is returned, so the component re-renders only when it really changes.
 */
export function useQuizSelectorWithEquality<Selected>(
  select: (quiz: Quiz) => Selected,
  isEqual: (previous: Selected, next: Selected) => boolean,
): Selected {
  const store = useQuizStore();
  const last = useRef<{ quiz: Quiz; select: (quiz: Quiz) => Selected; selected: Selected } | null>(null);
  const read = () => {
    const quiz = store.getState().current;
    const previous = last.current;
    if (previous?.quiz === quiz && previous.select === select) return previous.selected;
    const fresh = select(quiz);
    const selected = previous && isEqual(previous.selected, fresh) ? previous.selected : fresh;
    last.current = { quiz, select, selected };
    return selected;
  };
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useQuiz(): Quiz {
  return useQuizSelector((quiz) => quiz);
}

export function useQuizDispatch(): (change: QuizChange, options?: DispatchOptions) => void {
  return useQuizStore().dispatch;
}

export function useHasUnsavedChanges(): boolean {
  const store = useQuizStore();
  return useSyncExternalStore(store.subscribe, store.hasUnsavedChanges, store.hasUnsavedChanges);
}
