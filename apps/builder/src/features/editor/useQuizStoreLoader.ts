import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { createQuizStore, type QuizStore } from './store/quizStore';

export type QuizStoreLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; store: QuizStore };

/**
 * Loads the quiz and starts a fresh store (and history) for it; another account's quiz is not found. The
 * store owns the quiz while it is edited, so the load happens once per opening of the editor and is never
 * refreshed behind its back (a newer version elsewhere shows as a conflict when saving).
 */
export function useQuizStoreLoader(quizId: string): QuizStoreLoad {
  const query = useQuery({
    // The editor's own entry, apart from the declaration's, so that nothing reloading quizzes reaches it.
    queryKey: ['editor', 'quiz', quizId],
    queryFn: () => call(getQuizEndpoint, { params: { id: quizId } }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
    // The editor shows its own Not-found or Server-error page instead of a notification.
    meta: { handlesError: () => true },
  });
  const store = useMemo(() => (query.data ? createQuizStore(query.data) : null), [query.data]);
  if (query.isError) return { status: isApiError(query.error, 404) ? 'not-found' : 'failed' };
  return store ? { status: 'ready', store } : { status: 'loading' };
}
