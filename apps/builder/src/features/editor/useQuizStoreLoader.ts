import { useEffect, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { loadQuiz } from './quizApi';
import { createQuizStore, type QuizStore } from './store/quizStore';

export type QuizStoreLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; store: QuizStore };

type LoadOfQuiz = QuizStoreLoad & { quizId: string };

/** Loads the quiz and starts a fresh store (and history) for it; another account's quiz is not found. */
export function useQuizStoreLoader(quizId: string): QuizStoreLoad {
  const [load, setLoad] = useState<LoadOfQuiz | null>(null);

  useEffect(() => {
    let isCurrent = true;
    loadQuiz(quizId).then(
      (quiz) => isCurrent && setLoad({ quizId, status: 'ready', store: createQuizStore(quiz) }),
      (error: unknown) =>
        isCurrent && setLoad({ quizId, status: isApiError(error, 404) ? 'not-found' : 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [quizId]);

  // Until the answer for this very quiz arrives, an earlier quiz's result must not show.
  return load?.quizId === quizId ? load : { status: 'loading' };
}
