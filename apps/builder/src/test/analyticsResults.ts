import {
  type AnalyticsDay,
  type AnalyticsResult,
  type AnalyticsUrlFieldBreakdown,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import { type FakeRoute, on } from './fakeServer';

const DAY_MS = 86_400_000;

/** Every UTC day from `from` to `to`, both included, with the given figures (zeros by default). */
export function analyticsDays(
  from: string,
  to: string,
  figures: (day: string, index: number) => Omit<AnalyticsDay, 'day'> = () => ({
    visitors: 0,
    starts: 0,
    completions: 0,
    leads: 0,
  }),
): AnalyticsDay[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - first) / DAY_MS) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const day = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
    return { day, ...figures(day, index) };
  });
}

/**
 * A general quiz's analytics with traffic: 1,234 visitors over two versions, two outcomes, a question every
 * path shows and one that only some paths show, the capture form, UTM sources and campaigns, and visits with
 * the URL fields utm_source, utm_campaign, ref and gclid.
 */
export function analyticsResult(overrides: Partial<AnalyticsResult> = {}): AnalyticsResult {
  return {
    visitorsCount: 1234,
    completionsCount: 800,
    leadsCount: 600,
    startsCount: 1000,
    outcomes: [
      { id: 1, title: 'Labrador', count: 500, percentage: 62.5 },
      { id: 2, title: 'Poodle', count: 300, percentage: 37.5 },
    ],
    questions: [
      {
        id: 11,
        title: 'Do you like long walks?',
        description: '',
        count: 950,
        reached: 1000,
        left: 50,
        dropOffPercentage: 5,
        type: 'single_list',
        answers: [
          { id: 111, text: 'Yes', imageUrl: null, count: 700, percentage: 73.7 },
          { id: 112, text: 'No', imageUrl: null, count: 250, percentage: 26.3 },
        ],
      },
      {
        id: 12,
        title: 'Which toy?',
        description: 'A dog on a leash',
        count: 380,
        reached: 400,
        left: 20,
        dropOffPercentage: 5,
        type: 'image_single_list',
        answers: [
          {
            id: 121,
            text: 'Image 1 (ball.jpg)',
            imageUrl: 'https://images.example/ball-96.webp',
            count: 380,
            percentage: 100,
          },
        ],
      },
    ],
    range: { from: '2026-10-26', to: '2026-11-24' },
    versions: [
      { version: 2, visitors: 1000 },
      { version: 1, visitors: 234 },
    ],
    version: null,
    rates: { startRate: 81, completionRate: 80, leadsPerCompletion: 75, leadsPerVisitor: 48.6 },
    captureForm: { reached: 800, submitted: 600, left: 200, dropOffPercentage: 25 },
    medianSecondsToComplete: 85,
    daily: analyticsDays('2026-10-26', '2026-11-24', (_day, index) => ({
      visitors: 40 + index,
      starts: 30,
      completions: 25,
      leads: 20,
    })),
    utmSources: [
      { value: 'newsletter', completions: 500, leads: 400 },
      { value: '', completions: 300, leads: 200 },
    ],
    utmCampaigns: [{ value: 'spring-sale', completions: 1200, leads: 1100 }],
    urlFields: [
      { name: 'utm_source', visitors: 900 },
      { name: 'utm_campaign', visitors: 700 },
      { name: 'ref', visitors: 420 },
      { name: 'gclid', visitors: 1 },
    ],
    urlFieldBreakdown: null,
    scoreDistribution: null,
    ...overrides,
  };
}

/** A breakdown by one URL field as the server gives it: `rows` for `ref`, and one '' row for any other name. */
export function urlFieldBreakdownOf(name: string): AnalyticsUrlFieldBreakdown {
  if (name !== 'ref') {
    return { name, rows: [{ value: '', visitors: 1234, completions: 800, leads: 600 }], otherValues: 0 };
  }
  return {
    name,
    rows: [
      { value: 'partner7', visitors: 300, completions: 250, leads: 200 },
      { value: '', visitors: 814, completions: 430, leads: 300 },
      { value: 'partner-9', visitors: 120, completions: 120, leads: 100 },
    ],
    otherValues: 2,
  };
}

/**
 * The analytics call as the server answers it: `result`, over the days and version the request asked for
 * (all time: from the result's own first day to its last), with a day entry per day of that range, and the
 * breakdown by the URL field it named (`urlFieldBreakdownOf`).
 */
export function onQuizAnalytics(result: AnalyticsResult = analyticsResult()): FakeRoute {
  return on(quizAnalyticsEndpoint, ({ query }) => {
    const from = query.get('from') ?? result.range.from;
    const to = query.get('to') ?? result.range.to;
    const version = query.get('version');
    const urlField = query.get('urlField');
    const body: AnalyticsResult = {
      ...result,
      range: { from, to },
      version: version === null ? null : Number(version),
      urlFieldBreakdown: urlField === null ? null : urlFieldBreakdownOf(urlField),
      daily: analyticsDays(from, to, (day) => {
        const known = result.daily.find((entry) => entry.day === day);
        return known ?? { visitors: 0, starts: 0, completions: 0, leads: 0 };
      }),
    };
    return { status: 200, body };
  });
}
