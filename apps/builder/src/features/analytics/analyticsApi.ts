import {
  type AnalyticsQuery,
  quizAnalyticsCsvEndpoint,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/ApiError';
import { call, urlOf } from '../../api/apiClient';
import { useMe } from '../session/useMe';
import type { AnalyticsDays } from './analyticsRange';

/** Where a quiz's analytics are cached (TanStack Query keys): one entry per range and version. */
export const analyticsQueryKeys = {
  quiz: (quizId: string) => ['analytics', quizId] as const,
  result: (quizId: string, query: AnalyticsQuery) =>
    ['analytics', quizId, query.from ?? 'first-visit', query.to ?? 'today', query.version ?? 'all'] as const,
};

const FRESH_FOR_MS = 60_000;

const analyticsQuery = (days: AnalyticsDays, version: number | null): AnalyticsQuery => ({
  ...days,
  ...(version === null ? {} : { version }),
});

const quizParams = (accountId: string, quizId: string) => ({ account: accountId, id: quizId });

/** A range the server refuses (400) is explained next to the range; any other failure is the default error. */
export const isRefusedRange = (error: Error | null) => isApiError(error, 400);

/**
 * A quiz's analytics for a range (UTC days) and a published version (null: all). While another range or
 * version loads, the figures on screen stay instead of blinking away.
 */
export function useQuizAnalytics(quizId: string, days: AnalyticsDays, version: number | null) {
  const accountId = useMe().account.id;
  const query = analyticsQuery(days, version);
  return useQuery({
    queryKey: analyticsQueryKeys.result(quizId, query),
    queryFn: () => call(quizAnalyticsEndpoint, { params: quizParams(accountId, quizId), query }),
    placeholderData: keepPreviousData,
    // Flipping between ranges shows figures read a moment ago without another call (and loading overlay).
    staleTime: FRESH_FOR_MS,
    meta: { handlesError: isRefusedRange },
  });
}

/** The responses CSV for the same range and version: the browser navigates to it and saves the file. */
export const analyticsCsvUrl = (
  accountId: string,
  quizId: string,
  days: AnalyticsDays,
  version: number | null,
) =>
  urlOf(quizAnalyticsCsvEndpoint, {
    params: quizParams(accountId, quizId),
    query: analyticsQuery(days, version),
  });
