import {
  type AnalyticsQuery,
  type AnalyticsResult,
  type AnalyticsResultQuery,
  quizAnalyticsCsvEndpoint,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { urlOf } from '../../api/apiClient';
import { useEndpointQuery } from '../../api/endpointQuery';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { useMe } from '../session/useMe';
import { AnalyticsCards } from './AnalyticsCards';
import { AnalyticsFilters } from './AnalyticsFilters';
import { formatCount, formatDay } from './analyticsFormat';
import {
  type AnalyticsDays,
  type AnalyticsRangeChoice,
  DEFAULT_RANGE,
  rangeDays,
  utcToday,
} from './analyticsRange';
import { CaptureFormSection } from './CaptureFormSection';
import { DailyChart } from './DailyChart';
import { OutcomesSection } from './OutcomesSection';
import { QuestionsSection } from './QuestionsSection';
import { ScoreDistribution } from './ScoreDistribution';
import { isUtmBreakdown, TrafficSourcesSection, UTM_SOURCE_FIELD } from './TrafficSourcesSection';
import './AnalyticsTab.css';
import './AnalyticsLists.css';

const FRESH_FOR_MS = 60_000;

/** A range the server refuses (400) is explained next to the range; any other failure is the default error. */
const isRefusedRange = (error: Error | null) => isApiError(error, 400);

/** UTC days, and a published version (null: all). */
const analyticsQuery = (days: AnalyticsDays, version: number | null): AnalyticsQuery => ({
  ...days,
  ...(version === null ? {} : { version }),
});

interface BreakdownChoice {
  /** The URL field Traffic sources breaks the visits down by. */
  field: string;
  onField: (field: string) => void;
}

function AnalyticsFigures({ result, breakdown }: { result: AnalyticsResult; breakdown: BreakdownChoice }) {
  if (result.visitorsCount === 0) return <EmptyState />;
  return (
    <>
      <AnalyticsCards result={result} />
      <DailyChart days={result.daily} />
      <OutcomesSection outcomes={result.outcomes} />
      <QuestionsSection questions={result.questions} range={result.range} version={result.version} />
      <CaptureFormSection captureForm={result.captureForm} />
      <TrafficSourcesSection result={result} field={breakdown.field} onField={breakdown.onField} />
      {result.scoreDistribution && <ScoreDistribution distribution={result.scoreDistribution} />}
    </>
  );
}

/**
 * The quiz editor's Analytics tab (not for limited accounts: the route is not registered for them): the core
 * cards and lists, the daily chart, rates, branching-aware drop-off, the breakdowns by UTM value or another
 * URL field and by score, for a date range and a published version, and the responses CSV for the same.
 */
export function AnalyticsTab() {
  const accountId = useMe().account.id;
  const quizId = useQuizSelector((quiz) => quiz.id);
  const [choice, setChoice] = useState<AnalyticsRangeChoice>(DEFAULT_RANGE);
  const [version, setVersion] = useState<number | null>(null);
  const [breakdownField, setBreakdownField] = useState<string>(UTM_SOURCE_FIELD);
  const today = utcToday();
  const days = rangeDays(choice, today);
  const params = { account: accountId, id: quizId };
  const query = analyticsQuery(days, version);
  // The UTM breakdowns come with every result; another URL field's is asked for by name.
  const resultQuery: AnalyticsResultQuery = isUtmBreakdown(breakdownField)
    ? query
    : { ...query, urlField: breakdownField };
  const analytics = useEndpointQuery(
    quizAnalyticsEndpoint,
    { params, query: resultQuery },
    {
      // While another range or version loads, the figures on screen stay instead of blinking away.
      placeholderData: keepPreviousData,
      // Flipping between ranges shows figures read a moment ago without another call (and loading overlay).
      staleTime: FRESH_FOR_MS,
      meta: { handlesError: isRefusedRange },
    },
  );
  const result = analytics.data;
  const refusedMessage = isRefusedRange(analytics.error) ? (analytics.error?.message ?? null) : null;

  return (
    <>
      <PageHeader title="Analytics">
        {/* A navigation, not a call: the server streams the file and the browser saves it. */}
        <a className="button" href={urlOf(quizAnalyticsCsvEndpoint, { params, query })}>
          Download Responses
        </a>
      </PageHeader>
      <div className="analytics-tab" aria-busy={analytics.isFetching}>
        <AnalyticsFilters
          choice={choice}
          onChoose={setChoice}
          version={version}
          onVersion={setVersion}
          versions={result?.versions ?? []}
          shownRange={result?.range ?? null}
          today={today}
          refusedMessage={refusedMessage}
        />
        {result && (
          <>
            <p className="analytics-tab__range">
              {formatDay(result.range.from)} – {formatDay(result.range.to)}
              {result.version === null ? ', all versions' : `, version ${formatCount(result.version)}`}
            </p>
            <AnalyticsFigures
              result={result}
              breakdown={{ field: breakdownField, onField: setBreakdownField }}
            />
          </>
        )}
      </div>
    </>
  );
}
