import type { Quiz } from '@quizbeam/contracts/quiz';
import { useSyncExternalStore } from 'react';
import { useQuizStore } from '../editor/store/quizStoreHooks';

/**
 * The quiz as the server last stored it. Whether and where the quiz is live are the server's facts, so the
 * Publish tab reads them here: undoing an edit must not make a published quiz look unpublished.
 */
export function useSavedQuiz(): Quiz {
  const store = useQuizStore();
  const read = () => store.getState().saved;
  return useSyncExternalStore(store.subscribe, read, read);
}
