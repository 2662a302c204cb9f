import type {
  AnalyticsQuestion,
  AnalyticsResult,
  AnalyticsTextAnswer,
  AnalyticsUrlFieldBreakdown,
} from '@quizbeam/contracts/analytics';
import type { AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import type { Image, Quiz } from '@quizbeam/contracts/quiz';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import { medianFromBuckets } from '@quizbeam/quiz-engine/analytics/durations';
import { CAPTURE_SCREEN, questionScreen } from '@quizbeam/quiz-engine/analytics/visitFigures';
import { answerLabels, questionLabel, withoutScoreShortcodes } from '@quizbeam/quiz-engine/labels';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { scoreSummaryOf } from '../publishing/scoreSummary';
import { type DayRange, eachDay } from './analyticsRange';
import type { CounterSums } from './readCounters';
import { histogramOf } from './valueHistogram';

export const NO_OUTCOME_TITLE = 'No outcome';

/** part ÷ whole as a percentage rounded to one decimal; 0 for an empty whole, never above 100. */
export function percentageOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

type Figures = (metric: AnalyticsMetric, item?: string) => number;

/** The narrowest copy at least this wide is shown beside an answer (twice the thumbnail, for sharp screens). */
const THUMBNAIL_WIDTH = 96;

/** A small copy of an answer's picture: the narrowest variant wide enough, else the original. */
export function thumbnailUrl(image: Image | null): string | null {
  if (!image?.url) return null;
  const wideEnough = (image.variants ?? [])
    .filter((variant) => variant.width >= THUMBNAIL_WIDTH)
    .sort((left, right) => left.width - right.width || (left.type === 'image/webp' ? -1 : 1));
  return wideEnough[0]?.url ?? image.url;
}

/** Each question's values given and how many visits gave each, from the 'value' items '{questionId}:{value}'. */
function valueCountsOf(sums: CounterSums): Map<number, Map<number, number>> {
  const byQuestion = new Map<number, Map<number, number>>();
  for (const [item, count] of sums.totals.get('value') ?? []) {
    const separator = item.indexOf(':');
    const questionId = Number(item.slice(0, separator));
    const value = Number(item.slice(separator + 1));
    if (separator < 0 || !Number.isFinite(value)) continue;
    const counts = byQuestion.get(questionId) ?? new Map<number, number>();
    counts.set(value, (counts.get(value) ?? 0) + count);
    byQuestion.set(questionId, counts);
  }
  return byQuestion;
}

/** What the Analytics tab shows of a question beyond its funnel: answer shares, a histogram or the latest texts. */
function typeFiguresOf(
  question: Quiz['questions'][number],
  valueCounts: Map<number, Map<number, number>>,
  latestTexts: ReadonlyMap<number, AnalyticsTextAnswer[]>,
): Partial<Pick<AnalyticsQuestion, 'histogram' | 'latestTexts'>> {
  switch (questionKind(question.type)) {
    case 'value':
      return { histogram: histogramOf(question, valueCounts.get(question.id) ?? new Map()) };
    case 'text':
      return { latestTexts: latestTexts.get(question.id) ?? [] };
    default:
      return {};
  }
}

function questionsOf(
  quiz: Quiz,
  figure: Figures,
  sums: CounterSums,
  latestTexts: ReadonlyMap<number, AnalyticsTextAnswer[]>,
): AnalyticsQuestion[] {
  const valueCounts = valueCountsOf(sums);
  return sortByRank(quiz.questions).map((question) => {
    const screen = questionScreen(question.id);
    const answered = figure('answered', screen);
    const reached = figure('reached', screen);
    const left = figure('left', screen);
    const labels = answerLabels(question);
    const kind = questionKind(question.type);
    return {
      id: question.id,
      title: questionLabel(question),
      // Questions carry a text only; the field is part of the answer's shape, kept for a description should one come.
      description: '',
      count: answered,
      reached,
      left,
      dropOffPercentage: percentageOf(left, reached),
      type: question.type,
      ...typeFiguresOf(question, valueCounts, latestTexts),
      // A value or text question keeps no answers to count (a type changed in the editor may leave some).
      answers: (kind === 'value' || kind === 'text' ? [] : question.answers).map((answer) => {
        const count = figure('answer', String(answer.id));
        return {
          id: answer.id,
          text: labels.get(answer.id) ?? '',
          imageUrl: thumbnailUrl(answer.image),
          count,
          percentage: percentageOf(count, answered),
        };
      }),
    };
  });
}

function outcomesOf(quiz: Quiz, figure: Figures, completions: number): AnalyticsResult['outcomes'] {
  const outcomes = sortByRank(quiz.outcomes).map((outcome) => {
    const count = figure('outcome', String(outcome.id));
    return {
      id: outcome.id,
      title: withoutScoreShortcodes(outcome.name),
      count,
      percentage: percentageOf(count, completions),
    };
  });
  const withoutOutcome = figure('outcome', '');
  if (withoutOutcome === 0) return outcomes;
  return [
    ...outcomes,
    {
      id: null,
      title: NO_OUTCOME_TITLE,
      count: withoutOutcome,
      percentage: percentageOf(withoutOutcome, completions),
    },
  ];
}

/** Completions and leads per UTM value, most completions first (then most leads, then the value). */
function breakdown(
  sums: CounterSums,
  completionsMetric: AnalyticsMetric,
  leadsMetric: AnalyticsMetric,
): AnalyticsResult['utmSources'] {
  const rows = new Map<string, { value: string; completions: number; leads: number }>();
  const rowOf = (value: string) => {
    const row = rows.get(value) ?? { value, completions: 0, leads: 0 };
    rows.set(value, row);
    return row;
  };
  for (const [value, count] of sums.totals.get(completionsMetric) ?? []) rowOf(value).completions += count;
  for (const [value, count] of sums.totals.get(leadsMetric) ?? []) rowOf(value).leads += count;
  return [...rows.values()]
    .filter((row) => row.completions > 0 || row.leads > 0)
    .sort(
      (left, right) =>
        right.completions - left.completions ||
        right.leads - left.leads ||
        (left.value < right.value ? -1 : left.value > right.value ? 1 : 0),
    );
}

/**
 * The URL fields the visits had, with their visitors: the quiz's current list first, in its order, then the
 * names it no longer lists (an earlier version kept them), in code unit order.
 */
function urlFieldsOf(quiz: Quiz, sums: CounterSums): AnalyticsResult['urlFields'] {
  const visitorsByName = sums.totals.get('url_field') ?? new Map<string, number>();
  const listed = urlFieldNamesOf(quiz);
  const rank = (name: string) => {
    const index = listed.indexOf(name);
    return index < 0 ? listed.length : index;
  };
  return [...visitorsByName]
    .filter(([, visitors]) => visitors > 0)
    .sort(([left], [right]) => rank(left) - rank(right) || (left < right ? -1 : left > right ? 1 : 0))
    .map(([name, visitors]) => ({ name, visitors }));
}

/**
 * Scored quizzes: completions per score from 0 to the quiz's most points (or the highest score recorded,
 * when an earlier version allowed more), so no completion drops out of the histogram.
 */
function scoreDistributionOf(quiz: Quiz, sums: CounterSums): AnalyticsResult['scoreDistribution'] {
  if (quiz.type !== 'scored') return null;
  const counts = new Map<number, number>();
  for (const [item, count] of sums.totals.get('score') ?? []) {
    const score = Number(item);
    if (Number.isInteger(score) && score >= 0) counts.set(score, count);
  }
  const maxScore = Math.max(scoreSummaryOf(quiz).maxScore, ...counts.keys());
  return { maxScore, counts: Array.from({ length: maxScore + 1 }, (_, score) => counts.get(score) ?? 0) };
}

/** What the Analytics result holds besides the counters, read beside them. */
export interface ReadBesideCounters {
  /** Text questions' latest answers, by question id. */
  latestTexts?: ReadonlyMap<number, AnalyticsTextAnswer[]>;
  /** The breakdown by the URL field the query named. */
  urlFieldBreakdown?: AnalyticsUrlFieldBreakdown | null;
}

/**
 * The Analytics result from the counters: questions, answers and outcomes in the quiz's current order with
 * their current texts (items the quiz no longer has are left out), every day of the range in the series;
 * text questions list `latestTexts`, and the URL field breakdown is the one read beside the counters.
 */
export function buildAnalyticsResult(
  quiz: Quiz,
  sums: CounterSums,
  range: DayRange,
  version: number | null,
  { latestTexts = new Map(), urlFieldBreakdown = null }: ReadBesideCounters = {},
): AnalyticsResult {
  // A counter is never below zero unless a write went wrong; the page still answers then.
  const figure: Figures = (metric, item = '') => Math.max(0, sums.totals.get(metric)?.get(item) ?? 0);
  const visitors = figure('visitors');
  const starts = figure('starts');
  const completions = figure('completions');
  const leads = figure('leads');
  const captureReached = figure('reached', CAPTURE_SCREEN);
  const captureLeft = figure('left', CAPTURE_SCREEN);
  const durations = new Map<number, number>();
  for (const [item, count] of sums.totals.get('duration') ?? []) durations.set(Number(item), count);
  return {
    visitorsCount: visitors,
    completionsCount: completions,
    leadsCount: leads,
    outcomes: outcomesOf(quiz, figure, completions),
    questions: questionsOf(quiz, figure, sums, latestTexts),
    startsCount: starts,
    range,
    versions: sums.versions,
    version,
    rates: {
      startRate: percentageOf(starts, visitors),
      completionRate: percentageOf(completions, starts),
      leadsPerCompletion: percentageOf(leads, completions),
      leadsPerVisitor: percentageOf(leads, visitors),
    },
    captureForm: {
      reached: captureReached,
      submitted: figure('answered', CAPTURE_SCREEN),
      left: captureLeft,
      dropOffPercentage: percentageOf(captureLeft, captureReached),
    },
    medianSecondsToComplete: medianFromBuckets(durations),
    daily: eachDay(range).map((day) => ({
      day,
      ...(sums.daily.get(day) ?? { visitors: 0, starts: 0, completions: 0, leads: 0 }),
    })),
    utmSources: breakdown(sums, 'source_completions', 'source_leads'),
    utmCampaigns: breakdown(sums, 'campaign_completions', 'campaign_leads'),
    urlFields: urlFieldsOf(quiz, sums),
    urlFieldBreakdown,
    scoreDistribution: scoreDistributionOf(quiz, sums),
  };
}
