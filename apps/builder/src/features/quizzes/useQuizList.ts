import type { QuizSummary } from '@quizbeam/contracts/quiz';
import { useQuery } from '@tanstack/react-query';
import { listQuizzes, quizzesQueryKeys } from './quizzesApi';

/**
 * The account's quizzes: null until the first answer, empty when they cannot be loaded (the default error
 * is shown then). Calls that change the list invalidate `quizzesQueryKeys.list`, which loads it again.
 */
export function useQuizList(): QuizSummary[] | null {
  const { data, isError } = useQuery({ queryKey: quizzesQueryKeys.list, queryFn: listQuizzes });
  return data ?? (isError ? [] : null);
}
