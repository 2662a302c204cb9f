import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { useMe } from '../session/useMe';
import { AnalyticsCards } from './AnalyticsCards';
import { AnalyticsFilters } from './AnalyticsFilters';
import { analyticsCsvUrl, isRefusedRange, useQuizAnalytics } from './analyticsApi';
import { formatCount, formatDay } from './analyticsFormat';
import { type AnalyticsRangeChoice, DEFAULT_RANGE, rangeDays, utcToday } from './analyticsRange';
import { CaptureFormSection } from './CaptureFormSection';
import { DailyChart } from './DailyChart';
import { OutcomesSection } from './OutcomesSection';
import { QuestionsSection } from './QuestionsSection';
import { ScoreDistribution } from './ScoreDistribution';
import { UtmSection } from './UtmSection';
import './AnalyticsTab.css';
import './AnalyticsLists.css';

function AnalyticsFigures({ result }: { result: AnalyticsResult }) {
  if (result.visitorsCount === 0) return <EmptyState />;
  return (
    <>
      <AnalyticsCards result={result} />
      <DailyChart days={result.daily} />
      <OutcomesSection outcomes={result.outcomes} />
      <QuestionsSection questions={result.questions} />
      <CaptureFormSection captureForm={result.captureForm} />
      <UtmSection sources={result.utmSources} campaigns={result.utmCampaigns} />
      {result.scoreDistribution && <ScoreDistribution distribution={result.scoreDistribution} />}
    </>
  );
}

/**
 * The quiz editor's Analytics tab (not for limited accounts: the route is not registered for them): the
 * spec's cards and lists, the daily chart, rates, branching-aware drop-off and the UTM and score
 * breakdowns, for a date range and a published version, and the responses CSV for the same.
 */
export function AnalyticsTab() {
  const accountId = useMe().account.id;
  const quizId = useQuizSelector((quiz) => quiz.id);
  const [choice, setChoice] = useState<AnalyticsRangeChoice>(DEFAULT_RANGE);
  const [version, setVersion] = useState<number | null>(null);
  const today = utcToday();
  const days = rangeDays(choice, today);
  const analytics = useQuizAnalytics(quizId, days, version);
  const result = analytics.data;
  const refusedMessage = isRefusedRange(analytics.error) ? (analytics.error?.message ?? null) : null;

  return (
    <>
      <PageHeader title="Analytics">
        {/* A navigation, not a call: the server streams the file and the browser saves it. */}
        <a className="button" href={analyticsCsvUrl(accountId, quizId, days, version)}>
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
            <AnalyticsFigures result={result} />
          </>
        )}
      </div>
    </>
  );
}
