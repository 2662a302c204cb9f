import { ANALYTICS_METRICS, type AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import { durationBucket } from './durations';

export { DURATION_BUCKETS_SECONDS, durationBucket, medianFromBuckets } from './durations';
export { type UrlFieldRow, urlFieldBreakdown } from './urlFieldBreakdown';

/*
 * The reference arithmetic of the analytics rollups: what analytics_counters must hold for a set of raw
 * visitor events. Pure and deliberately naive (it replays each visit from scratch), so the server's
 * incremental SQL and the rebuild command can be checked against it.
 */

export type VisitorEventType = 'visit' | 'start' | 'shown' | 'answer' | 'capture' | 'lead' | 'complete';

/** What an answer event stores besides a single answer id: several answer ids, a value or a text. */
export type EventResponse = { answerIds: number[] } | { value: number } | { text: string };

/** A visit's answer to a question: an answer id, the answer ids chosen, { value } or { text }. */
export type VisitAnswer = number | number[] | { value: number } | { text: string };

export type RawVisitorEvent = {
  visitId: string;
  snapshotId: string;
  version: number;
  /** When the event happened. */
  at: Date;
  type: VisitorEventType;
  questionId?: number | null;
  answerId?: number | null;
  /** Answer events of the types that do not choose one answer. */
  response?: EventResponse | null;
  outcomeId?: number | null;
  score?: number | null;
  utmSource?: string | null;
  utmCampaign?: string | null;
  /** A visit event: the quiz's URL fields the page's address had, by name. */
  urlFields?: Readonly<Record<string, string>> | null;
};

export const CAPTURE_SCREEN = 'capture';

export function questionScreen(questionId: number): string {
  return `q:${questionId}`;
}

/** The item of a 'value' figure: the question and the value given. */
export function valueItem(questionId: number, value: number): string {
  return `${questionId}:${value}`;
}

/** The answer an answer event gives its question, as a visit keeps it; null when it carries none. */
export function visitAnswerOf(event: Pick<RawVisitorEvent, 'answerId' | 'response'>): VisitAnswer | null {
  if (event.answerId != null) return event.answerId;
  const response = event.response;
  if (!response) return null;
  if ('answerIds' in response) return response.answerIds;
  if ('value' in response) return { value: response.value };
  return { text: response.text };
}

/** The answer ids a visit's answer chose (none for a value or a text). */
export function answerIdsOf(answer: VisitAnswer): number[] {
  if (typeof answer === 'number') return [answer];
  return Array.isArray(answer) ? answer : [];
}

/** The key of one figure, like an analytics_counters row: `${day}|${version}|${metric}|${item}`. */
export function figureKey(day: string, version: number, metric: AnalyticsMetric, item: string): string {
  return `${day}|${version}|${metric}|${item}`;
}

export type FigureKeyParts = { day: string; version: number; metric: AnalyticsMetric; item: string };

/** Splits a figure key; the item is everything after the third '|' (a UTM value may contain '|'). */
export function parseFigureKey(key: string): FigureKeyParts {
  const [day = '', version = '', metric = '', ...itemParts] = key.split('|');
  if (!isAnalyticsMetric(metric)) throw new Error(`Not a figure key: ${key}`);
  return { day, version: Number(version), metric, item: itemParts.join('|') };
}

function isAnalyticsMetric(value: string): value is AnalyticsMetric {
  return (ANALYTICS_METRICS as readonly string[]).includes(value);
}

/** Every figure of the events, keyed by figureKey; zeros are omitted. */
export function visitFigures(events: readonly RawVisitorEvent[]): Map<string, number> {
  const eventsByVisit = new Map<string, RawVisitorEvent[]>();
  for (const event of events) {
    const visitEvents = eventsByVisit.get(event.visitId);
    if (visitEvents) visitEvents.push(event);
    else eventsByVisit.set(event.visitId, [event]);
  }
  const figures = new Map<string, number>();
  for (const visitEvents of eventsByVisit.values()) {
    // Array sort is stable, so events at the same instant keep their input order.
    addVisitFigures(
      figures,
      [...visitEvents].sort((left, right) => left.at.getTime() - right.at.getTime()),
    );
  }
  return figures;
}

function addVisitFigures(figures: Map<string, number>, events: readonly RawVisitorEvent[]): void {
  const first = events[0];
  if (!first) return;
  const day = first.at.toISOString().slice(0, 10);
  const count = (metric: AnalyticsMetric, item = '') => {
    const key = figureKey(day, first.version, metric, item);
    figures.set(key, (figures.get(key) ?? 0) + 1);
  };
  const visitEvent = events.find((event) => event.type === 'visit');
  const utmSource = visitEvent?.utmSource ?? '';
  const utmCampaign = visitEvent?.utmCampaign ?? '';

  let visited = false;
  let startedAt: Date | null = null;
  let completed = false;
  let leadSubmitted = false;
  let lastScreen: string | null = null;
  const reachedScreens = new Set<string>();
  const latestAnswerByQuestion = new Map<number, VisitAnswer>();
  const show = (screen: string) => {
    if (!reachedScreens.has(screen)) {
      reachedScreens.add(screen);
      count('reached', screen);
    }
    if (!completed) lastScreen = screen;
  };

  for (const event of events) {
    switch (event.type) {
      case 'visit':
        if (!visited) {
          count('visitors');
          for (const name of Object.keys(visitEvent?.urlFields ?? {})) count('url_field', name);
        }
        visited = true;
        break;
      case 'start':
        if (startedAt === null) count('starts');
        startedAt ??= event.at;
        break;
      case 'shown':
        if (event.questionId != null) show(questionScreen(event.questionId));
        break;
      case 'capture':
        show(CAPTURE_SCREEN);
        break;
      case 'answer': {
        const answer = visitAnswerOf(event);
        if (event.questionId != null && answer !== null) latestAnswerByQuestion.set(event.questionId, answer);
        break;
      }
      case 'lead':
        if (leadSubmitted) break;
        leadSubmitted = true;
        count('leads');
        count('answered', CAPTURE_SCREEN);
        count('source_leads', utmSource);
        count('campaign_leads', utmCampaign);
        break;
      case 'complete':
        if (completed) break;
        completed = true;
        count('completions');
        count('outcome', event.outcomeId == null ? '' : String(event.outcomeId));
        if (event.score != null) count('score', String(event.score));
        if (startedAt !== null) {
          const seconds = (event.at.getTime() - startedAt.getTime()) / 1000;
          count('duration', String(durationBucket(seconds)));
        }
        count('source_completions', utmSource);
        count('campaign_completions', utmCampaign);
        break;
    }
  }

  for (const [questionId, answer] of latestAnswerByQuestion) {
    count('answered', questionScreen(questionId));
    for (const answerId of answerIdsOf(answer)) count('answer', String(answerId));
    if (typeof answer === 'object' && 'value' in answer) count('value', valueItem(questionId, answer.value));
  }
  if (!completed && lastScreen !== null) count('left', lastScreen);
}

export type FigureFilter = {
  /** First day included (YYYY-MM-DD). */
  from?: string;
  /** Last day included (YYYY-MM-DD). */
  to?: string;
  version?: number;
};

/** Sums figures over the days and versions the filter keeps: `${metric}|${item}` → value (zeros omitted). */
export function totalFigures(
  figures: ReadonlyMap<string, number>,
  filter: FigureFilter = {},
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [key, value] of figures) {
    const { day, version, metric, item } = parseFigureKey(key);
    if (filter.from !== undefined && day < filter.from) continue;
    if (filter.to !== undefined && day > filter.to) continue;
    if (filter.version !== undefined && version !== filter.version) continue;
    const totalKey = `${metric}|${item}`;
    totals.set(totalKey, (totals.get(totalKey) ?? 0) + value);
  }
  return totals;
}
