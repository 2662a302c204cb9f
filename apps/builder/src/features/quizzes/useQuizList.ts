import type { QuizSummary } from '@quizbeam/contracts/quiz';
import { useCallback, useEffect, useState } from 'react';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { listQuizzes } from './quizzesApi';

/** The account's quizzes, null until the first answer; `reload` fetches them again. */
export function useQuizList() {
  const [quizzes, setQuizzes] = useState<QuizSummary[] | null>(null);

  const reload = useCallback(async () => {
    try {
      setQuizzes(await listQuizzes());
    } catch {
      setQuizzes((current) => current ?? []);
      showDefaultError();
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { quizzes, reload };
}
