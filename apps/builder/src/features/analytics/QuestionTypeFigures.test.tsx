import {
  type AnalyticsQuestion,
  type AnalyticsTextAnswer,
  quizAnalyticsTextsEndpoint,
} from '@quizbeam/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsResult, onQuizAnalytics } from '../../test/analyticsResults';
import { freezeToday, openAnalytics, QUIZ_ID } from '../../test/analyticsScreen';
import { on } from '../../test/fakeServer';
import { FakePlot, FakeResizeObserver, resetChartDoubles } from './chartTestDoubles';
import { SEVERAL_ANSWERS_NOTE } from './QuestionsSection';
import { NO_TEXT_ANSWERS_TEXT, noMatchesText } from './TextAnswers';

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

const funnel = { reached: 10, left: 0, dropOffPercentage: 0, description: '' };

const channels: AnalyticsQuestion = {
  ...funnel,
  id: 21,
  title: 'Which channels do you use?',
  type: 'multi_list',
  count: 4,
  answers: [
    { id: 211, text: 'Ads', imageUrl: null, count: 3, percentage: 75 },
    { id: 212, text: 'Search', imageUrl: null, count: 2, percentage: 50 },
  ],
};

const recommend: AnalyticsQuestion = {
  ...funnel,
  id: 22,
  title: 'How likely are you to recommend us?',
  type: 'rating',
  count: 3,
  answers: [],
  histogram: {
    bars: [1, 2, 3, 4, 5].map((value) => ({
      from: value,
      to: value,
      count: value === 4 ? 2 : value === 2 ? 1 : 0,
    })),
    median: 4,
    unit: '',
  },
};

const employees: AnalyticsQuestion = {
  ...funnel,
  id: 23,
  title: 'How many employees?',
  type: 'number_input',
  count: 1500,
  answers: [],
  histogram: {
    bars: [
      { from: 0, to: 500, count: 1200 },
      { from: 500, to: 1000, count: 300 },
    ],
    median: 120.5,
    unit: 'employees',
  },
};

const latest: AnalyticsTextAnswer[] = [
  { text: 'Great <b>support</b>', truncated: false, startedAt: '2026-11-23T18:00:00.000Z' },
  { text: 'Too long to read', truncated: true, startedAt: '2026-11-20T09:00:00.000Z' },
];

const comments: AnalyticsQuestion = {
  ...funnel,
  id: 24,
  title: 'Anything else?',
  type: 'text_input',
  count: 2,
  answers: [],
  latestTexts: latest,
};

const article = (title: string) => within(screen.getByRole('article', { name: title }));
const figure = (title: string, label: string) =>
  article(title).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the Analytics tab for each question type', () => {
  it('shows the shares of a multi-select question and says visitors could choose several', async () => {
    openAnalytics([onQuizAnalytics(analyticsResult({ questions: [channels, recommend] }))]);
    await screen.findByRole('article', { name: channels.title });
    const shares = article(channels.title);
    expect(shares.getByText(SEVERAL_ANSWERS_NOTE)).toBeTruthy();
    expect(shares.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ads3 · 75.0%',
      'Search2 · 50.0%',
    ]);
    // A single-choice quiz's questions carry no such note.
    expect(article(recommend.title).queryByText(SEVERAL_ANSWERS_NOTE)).toBeNull();
  });

  it('draws a histogram of a rating and of a number, with their medians and the figures for screen readers', async () => {
    openAnalytics([onQuizAnalytics(analyticsResult({ questions: [recommend, employees] }))]);
    const chart = await screen.findByRole('img', { name: `Histogram of the answers to ${recommend.title}` });
    const ratingPlot = FakePlot.created.find((plot) => plot.target === chart);
    expect(ratingPlot?.data).toEqual([
      [0, 1, 2, 3, 4],
      [0, 1, 0, 2, 0],
    ]);
    expect(ratingPlot?.options.series.map((series) => series.label)).toEqual(['Value', 'Visitors']);
    expect(figure(recommend.title, 'Median')).toBe('4');
    expect(figure(recommend.title, 'Responses')).toBe('3 responses');

    const numberChart = screen.getByRole('img', { name: `Histogram of the answers to ${employees.title}` });
    const numberPlot = FakePlot.created.find((plot) => plot.target === numberChart);
    expect(numberPlot?.data).toEqual([
      [0, 1],
      [1200, 300],
    ]);
    expect(numberPlot?.options.series[0]?.label).toBe('Value (employees)');
    const xAxisLabels = numberPlot?.options.axes?.[0]?.values;
    expect(
      typeof xAxisLabels === 'function' && numberPlot
        ? xAxisLabels(numberPlot as never, [0, 1], 0, 0, 0)
        : [],
    ).toEqual(['0–500', '500–1,000']);
    expect(figure(employees.title, 'Median')).toBe('120.5 employees');
    const byValue = screen.getByRole('list', { name: `Answers to ${employees.title} by value` });
    expect(
      within(byValue)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0–500 employees: 1,200', '500–1,000 employees: 300']);
  });

  it('lists the latest text answers as plain text and searches them on the server', async () => {
    const fetchMock = openAnalytics([
      onQuizAnalytics(analyticsResult({ questions: [comments] })),
      on(quizAnalyticsTextsEndpoint, ({ query }) => ({
        status: 200,
        body: { texts: query.get('q') === 'support' ? [latest[0]] : [] },
      })),
    ]);
    const list = await screen.findByRole('list', { name: `Answers to ${comments.title}` });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Great <b>support</b>Nov 23, 2026',
      'Too long to read…Nov 20, 2026',
    ]);
    // A visitor's words are shown, never run as markup.
    expect(list.querySelector('b')).toBeNull();

    const search = screen.getByRole('searchbox', { name: `Search the answers to ${comments.title}` });
    fireEvent.change(search, { target: { value: '  support ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('Answers containing “support”, newest first.')).toBeTruthy());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: `Answers to ${comments.title}` })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(url, 'http://builder.test'))
      .filter((url) => url.pathname === `/accounts/account-1/quizzes/${QUIZ_ID}/analytics/texts`)
      .map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toEqual([{ from: '2026-10-26', to: '2026-11-24', question: '24', q: 'support' }]);

    fireEvent.change(search, { target: { value: 'nobody wrote this' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(noMatchesText('nobody wrote this'))).toBeTruthy();

    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The latest answers, newest first.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: `Answers to ${comments.title}` })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('says so when a text question has no answers in the range', async () => {
    openAnalytics([
      onQuizAnalytics(analyticsResult({ questions: [{ ...comments, count: 0, latestTexts: [] }] })),
    ]);
    expect(await screen.findByText(NO_TEXT_ANSWERS_TEXT)).toBeTruthy();
  });
});
