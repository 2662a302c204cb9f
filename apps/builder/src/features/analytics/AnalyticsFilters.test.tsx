import {
  ANALYTICS_RANGE_FUTURE_MESSAGE,
  ANALYTICS_RANGE_REVERSED_MESSAGE,
  ANALYTICS_RANGE_TOO_LONG_MESSAGE,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsResult, onQuizAnalytics } from '../../test/analyticsResults';
import { ANALYTICS_PATH, analyticsQueries, freezeToday, openAnalytics } from '../../test/analyticsScreen';
import { answerWith, on } from '../../test/fakeServer';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { RANGE_END_FUTURE_MESSAGE } from './analyticsRange';
import { FakeResizeObserver, resetChartDoubles } from './chartTestDoubles';

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

const csvHref = () => screen.getByRole('link', { name: 'Download Responses' }).getAttribute('href');
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

async function openLoaded(routes = [onQuizAnalytics()]) {
  const fetchMock = openAnalytics(routes);
  await screen.findByText('Visitors', { selector: 'dt' });
  return fetchMock;
}

async function lastQueryAfter(fetchMock: Awaited<ReturnType<typeof openLoaded>>, calls: number) {
  await waitFor(() => expect(analyticsQueries(fetchMock)).toHaveLength(calls));
  return analyticsQueries(fetchMock).at(-1);
}

function applyCustomRange(from: string, to: string) {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('Analytics range and version', () => {
  it('asks for the last 30 days by default and each preset for its own UTC days', async () => {
    const fetchMock = await openLoaded();
    expect(pressed('Last 30 days')).toBe('true');
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?from=2026-10-26&to=2026-11-24`);

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await lastQueryAfter(fetchMock, 2)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(pressed('Last 7 days')).toBe('true');
    expect(pressed('Last 30 days')).toBe('false');
    expect(await screen.findByText('Nov 18, 2026 – Nov 24, 2026, all versions')).toBeTruthy();
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?from=2026-11-18&to=2026-11-24`);

    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await lastQueryAfter(fetchMock, 3)).toEqual({ from: '2026-08-27', to: '2026-11-24' });

    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    expect(await lastQueryAfter(fetchMock, 4)).toEqual({});
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv`);

    // A range seen before comes from the cache.
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByText('Nov 18, 2026 – Nov 24, 2026, all versions')).toBeTruthy();
    expect(analyticsQueries(fetchMock)).toHaveLength(4);
  });

  it('checks a custom range before asking for it', async () => {
    const fetchMock = await openLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(pressed('Custom')).toBe('true');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-26');
    expect(screen.getByLabelText('To').getAttribute('max')).toBe('2026-11-24');

    applyCustomRange('2026-11-25', '2026-11-26');
    expect(screen.getByRole('alert').textContent).toBe(ANALYTICS_RANGE_FUTURE_MESSAGE);
    applyCustomRange('2026-11-20', '2026-11-25');
    expect(screen.getByRole('alert').textContent).toBe(RANGE_END_FUTURE_MESSAGE);
    applyCustomRange('2026-11-20', '2026-11-01');
    expect(screen.getByRole('alert').textContent).toBe(ANALYTICS_RANGE_REVERSED_MESSAGE);
    applyCustomRange('2020-01-01', '2026-11-24');
    expect(screen.getByRole('alert').textContent).toBe(ANALYTICS_RANGE_TOO_LONG_MESSAGE);
    expect(analyticsQueries(fetchMock)).toHaveLength(1);

    applyCustomRange('2026-09-01', '2026-09-30');
    expect(await lastQueryAfter(fetchMock, 2)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('Sep 1, 2026 – Sep 30, 2026, all versions')).toBeTruthy();
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?from=2026-09-01&to=2026-09-30`);
    expect(pressed('Last 30 days')).toBe('false');
  });

  it("shows the server's reason when it refuses a range, without the default error", async () => {
    const refusal = 'The date range cannot start in the future.';
    const fetchMock = await openLoaded([
      on(quizAnalyticsEndpoint, ({ query }) =>
        query.get('from') === '2026-11-24'
          ? answerWith(400, { error: refusal, code: 'validation_failed' })
          : { status: 200, body: analyticsResult() },
      ),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    applyCustomRange('2026-11-24', '2026-11-24');
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(analyticsQueries(fetchMock)).toHaveLength(2);
    expect(screen.queryByText(DEFAULT_ERROR_TEXT, { exact: false })).toBeNull();
  });

  it('reads one published version, or all of them', async () => {
    const fetchMock = await openLoaded();
    const select = screen.getByLabelText('Version') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'All versions',
      'Version 2 (1,000 visitors)',
      'Version 1 (234 visitors)',
    ]);

    fireEvent.change(select, { target: { value: '1' } });
    expect(await lastQueryAfter(fetchMock, 2)).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
      version: '1',
    });
    expect(await screen.findByText('Oct 26, 2026 – Nov 24, 2026, version 1')).toBeTruthy();
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?from=2026-10-26&to=2026-11-24&version=1`);

    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    expect(await lastQueryAfter(fetchMock, 3)).toEqual({ version: '1' });
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?version=1`);

    fireEvent.change(select, { target: { value: 'all' } });
    expect(await lastQueryAfter(fetchMock, 4)).toEqual({});
  });
});
