import { type AnalyticsResult, quizAnalyticsEndpoint } from '@quizbeam/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsResult, onQuizAnalytics } from '../../test/analyticsResults';
import { ANALYTICS_PATH, analyticsQueries, freezeToday, openAnalytics } from '../../test/analyticsScreen';
import { on } from '../../test/fakeServer';
import { FakeResizeObserver, resetChartDoubles } from './chartTestDoubles';
import { BREAKDOWN_LOADING_TEXT, BREAKDOWN_SELECT_LABEL } from './TrafficSourcesSection';

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

const section = () => within(screen.getByRole('region', { name: 'Traffic sources' }));
const fieldSelect = () => section().getByLabelText(BREAKDOWN_SELECT_LABEL) as HTMLSelectElement;
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
const csvHref = () => screen.getByRole('link', { name: 'Download Responses' }).getAttribute('href');

async function openLoaded(result = analyticsResult()) {
  const fetchMock = openAnalytics([onQuizAnalytics(result)]);
  await screen.findByRole('region', { name: 'Traffic sources' });
  return fetchMock;
}

describe('Traffic sources', () => {
  it('offers UTM source, UTM campaign, then each other URL field the visits had, UTM source first', async () => {
    const fetchMock = await openLoaded();
    expect([...fieldSelect().options].map((option) => [option.value, option.textContent])).toEqual([
      ['utm_source', 'UTM source'],
      ['utm_campaign', 'UTM campaign'],
      ['ref', 'ref (420 visitors)'],
      ['gclid', 'gclid (1 visitor)'],
    ]);
    expect(fieldSelect().value).toBe('utm_source');
    const sources = section().getByRole('table', { name: 'Completions and leads by UTM source' });
    expect(rowsOf(sources)).toEqual(['SourceCompletionsLeads', 'newsletter500400', '(none)300200']);

    // The UTM campaigns came with the figures: no other call.
    fireEvent.change(fieldSelect(), { target: { value: 'utm_campaign' } });
    const campaigns = section().getByRole('table', { name: 'Completions and leads by UTM campaign' });
    expect(rowsOf(campaigns)).toEqual(['CampaignCompletionsLeads', 'spring-sale1,2001,100']);
    expect(section().queryByRole('table', { name: 'Completions and leads by UTM source' })).toBeNull();
    expect(analyticsQueries(fetchMock)).toEqual([{ from: '2026-10-26', to: '2026-11-24' }]);
  });

  it('asks for another URL field’s breakdown by name, for the same range, and keeps it as the range changes', async () => {
    const fetchMock = await openLoaded();
    fireEvent.change(fieldSelect(), { target: { value: 'ref' } });
    expect(section().getByRole('status').textContent).toBe(BREAKDOWN_LOADING_TEXT);
    await waitFor(() =>
      expect(analyticsQueries(fetchMock).at(-1)).toEqual({
        from: '2026-10-26',
        to: '2026-11-24',
        urlField: 'ref',
      }),
    );
    const byRef = await section().findByRole('table', { name: 'Visitors, completions and leads by ref' });
    expect(rowsOf(byRef)).toEqual([
      'refVisitorsCompletionsLeads',
      'partner7300250200',
      '(none)814430300',
      'partner-9120120100',
    ]);
    expect(
      section().getByText('2 more values with fewer completions, leads and visitors are not listed.'),
    ).toBeTruthy();
    // The download is of every visit, whatever the breakdown.
    expect(csvHref()).toBe(`${ANALYTICS_PATH}.csv?from=2026-10-26&to=2026-11-24`);

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(analyticsQueries(fetchMock).at(-1)).toEqual({
        from: '2026-11-18',
        to: '2026-11-24',
        urlField: 'ref',
      }),
    );
    expect(await screen.findByText('Nov 18, 2026 – Nov 24, 2026, all versions')).toBeTruthy();
    expect(fieldSelect().value).toBe('ref');

    fireEvent.change(fieldSelect(), { target: { value: 'gclid' } });
    const byGclid = await section().findByRole('table', { name: 'Visitors, completions and leads by gclid' });
    expect(rowsOf(byGclid)).toEqual(['gclidVisitorsCompletionsLeads', '(none)1,234800600']);
    expect(section().queryByText(/more values?/)).toBeNull();
  });

  it('keeps the field chosen on offer when the range’s visits no longer have it', async () => {
    // Visits of the last 7 days had no `ref`.
    const answer = onQuizAnalytics().answer;
    const fetchMock = openAnalytics([
      on(quizAnalyticsEndpoint, (request) => {
        const answered = answer(request);
        const body = answered.body as AnalyticsResult;
        return request.query.get('from') === '2026-11-18'
          ? {
              ...answered,
              body: { ...body, urlFields: body.urlFields.filter((field) => field.name !== 'ref') },
            }
          : answered;
      }),
    ]);
    await screen.findByRole('region', { name: 'Traffic sources' });
    fireEvent.change(fieldSelect(), { target: { value: 'ref' } });
    await section().findByRole('table', { name: 'Visitors, completions and leads by ref' });
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByText('Nov 18, 2026 – Nov 24, 2026, all versions')).toBeTruthy();
    expect(analyticsQueries(fetchMock).at(-1)).toEqual({
      from: '2026-11-18',
      to: '2026-11-24',
      urlField: 'ref',
    });
    expect([...fieldSelect().options].map((option) => [option.value, option.textContent])).toEqual([
      ['utm_source', 'UTM source'],
      ['utm_campaign', 'UTM campaign'],
      ['gclid', 'gclid (1 visitor)'],
      ['ref', 'ref'],
    ]);
    expect(fieldSelect().value).toBe('ref');
  });
});
