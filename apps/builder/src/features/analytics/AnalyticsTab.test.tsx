import { quizAnalyticsEndpoint } from '@quizbeam/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsResult, onQuizAnalytics } from '../../test/analyticsResults';
import { analyticsQueries, freezeToday, openAnalytics } from '../../test/analyticsScreen';
import { accountHolder, answerWith, on } from '../../test/fakeServer';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { NOT_FOUND_TITLE } from '../errors/NotFoundPage';
import { FakePlot, FakeResizeObserver, resetChartDoubles } from './chartTestDoubles';
import { BRANCHING_NOTE } from './QuestionsSection';

// The route loads the tab lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('./AnalyticsTab');
});

beforeEach(() => {
  resetChartDoubles();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  freezeToday();
});

afterEach(() => {
  vi.useRealTimers();
});

const section = (name: string) => screen.getByRole('region', { name });
const cardValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Analytics tab', () => {
  it('shows the core cards and lists, the rates and the funnel, every number en-US', async () => {
    const fetchMock = openAnalytics([onQuizAnalytics()]);
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeTruthy();
    await screen.findByText('Visitors', { selector: 'dt' });
    expect(analyticsQueries(fetchMock)).toEqual([{ from: '2026-10-26', to: '2026-11-24' }]);

    expect(cardValue('Visitors')).toBe('1,234');
    expect(cardValue('Completions')).toBe('800');
    expect(cardValue('Leads')).toBe('600');
    expect(cardValue('Start rate')).toBe('81.0%');
    expect(cardValue('Completion rate')).toBe('80.0%');
    expect(cardValue('Leads per completion')).toBe('75.0%');
    expect(cardValue('Leads per visitor')).toBe('48.6%');
    expect(cardValue('Median time to complete')).toBe('1 min 25 s');
    expect(screen.getByText('Oct 26, 2026 – Nov 24, 2026, all versions')).toBeTruthy();

    const outcomes = within(section('Outcomes')).getAllByRole('listitem');
    expect(outcomes.map((item) => item.textContent)).toEqual(['Labrador500 · 62.5%', 'Poodle300 · 37.5%']);

    const questions = within(section('Questions'));
    expect(questions.getByText(BRANCHING_NOTE)).toBeTruthy();
    const titles = questions.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Do you like long walks?', 'Which toy?']);
    const walks = within(questions.getByRole('article', { name: 'Do you like long walks?' }));
    expect(walks.getByText('950 responses')).toBeTruthy();
    expect(walks.getByText('Reached').nextElementSibling?.textContent).toBe('1,000');
    expect(walks.getByText('Left').nextElementSibling?.textContent).toBe('50');
    expect(walks.getByText('Drop-off').nextElementSibling?.textContent).toBe('5.0%');
    const answers = walks.getAllByRole('listitem').map((item) => item.textContent);
    expect(answers).toEqual(['Yes700 · 73.7%', 'No250 · 26.3%']);
    const toy = within(questions.getByRole('article', { name: 'Which toy?' }));
    expect(toy.getByText('A dog on a leash')).toBeTruthy();
    const ball = toy.getByRole('listitem');
    expect(ball.textContent).toBe('Image 1 (ball.jpg)380 · 100.0%');
    expect(ball.querySelector('img')?.getAttribute('src')).toBe('https://images.example/ball-96.webp');
    expect(toy.getByText('Reached').nextElementSibling?.textContent).toBe('400');

    const capture = within(section('Capture form'));
    expect(capture.getByText('Shown').nextElementSibling?.textContent).toBe('800');
    expect(capture.getByText('Submitted').nextElementSibling?.textContent).toBe('600');
    expect(capture.getByText('Drop-off').nextElementSibling?.textContent).toBe('25.0%');

    // Traffic sources show the UTM sources first (TrafficSourcesSection.test.tsx has the other fields).
    const sources = within(
      within(section('Traffic sources')).getByRole('table', { name: 'Completions and leads by UTM source' }),
    );
    const sourceRows = sources.getAllByRole('row').map((row) => row.textContent);
    expect(sourceRows).toEqual(['SourceCompletionsLeads', 'newsletter500400', '(none)300200']);
    expect(screen.queryByRole('region', { name: 'Score distribution' })).toBeNull();
  });

  it('draws the daily chart from the days, redraws it on resize and offers it as a table', async () => {
    openAnalytics([onQuizAnalytics()]);
    const chart = await screen.findByRole('img', { name: /Chart of daily visitors/ });
    const plot = FakePlot.created.at(-1);
    expect(plot?.target).toBe(chart);
    expect(plot?.options.series.map((series) => series.label)).toEqual([
      'Day',
      'Visitors',
      'Starts',
      'Completions',
      'Leads',
    ]);
    expect(plot?.data[0]).toHaveLength(30);
    expect(plot?.data[0]?.[0]).toBe(Date.UTC(2026, 9, 26) / 1000);
    expect(plot?.data[1]?.slice(0, 3)).toEqual([40, 41, 42]);

    FakeResizeObserver.observing.at(-1)?.resizeTo(640.4);
    expect(plot?.sizes).toEqual([{ width: 640, height: 260 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(plot?.destroyed).toBe(true);
    const rows = within(screen.getByRole('table', { name: 'Daily figures' })).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]?.textContent).toBe('Oct 26, 202640302520');
  });

  it('shows the score distribution of a scored quiz', async () => {
    const scored = analyticsResult({ scoreDistribution: { maxScore: 3, counts: [1, 0, 1200, 4] } });
    openAnalytics([onQuizAnalytics(scored)]);
    const histogram = await screen.findByRole('region', { name: 'Score distribution' });
    const columns = within(histogram)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(columns).toEqual(['Score 0: 10', 'Score 1: 01', 'Score 2: 1,2002', 'Score 3: 43']);
  });

  it('shows the empty state when nobody visited in the range', async () => {
    const empty = analyticsResult({
      visitorsCount: 0,
      completionsCount: 0,
      leadsCount: 0,
      startsCount: 0,
      outcomes: [],
      versions: [],
    });
    openAnalytics([onQuizAnalytics(empty)]);
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
    expect(screen.queryByText('Visitors', { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the default error when the figures cannot be loaded', async () => {
    openAnalytics([
      on(quizAnalyticsEndpoint, answerWith(500, { error: 'Internal error.', code: 'internal' })),
    ]);
    expect(await screen.findByText(DEFAULT_ERROR_TEXT, { exact: false })).toBeTruthy();
    expect(screen.queryByText('Visitors', { selector: 'dt' })).toBeNull();
  });

  it('is not a route for a limited account, and its figures are never asked for', async () => {
    const fetchMock = openAnalytics([onQuizAnalytics()], { me: accountHolder({ isLimited: true }) });
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Analytics' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Publish' })).toBeTruthy());
    expect(analyticsQueries(fetchMock)).toEqual([]);
  });
});
