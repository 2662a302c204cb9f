import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  deleteLeadEndpoint,
  type Lead,
  leadAttemptsEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
  resendDeliveryEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import type { QuizType } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountHolder, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { LEADS_PATH, delivery as leadDelivery, QUIZ_ID, lead as sampleLead } from '../../test/leads';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import {
  DELETE_LEAD_TITLE,
  deleteLeadText,
  LEAD_DELETED_TEXT,
  NO_FILTERED_LEADS_TEXT,
  URL_FIELDS_TITLE,
} from './leadTexts';

// The route loads the tab lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('./LeadsTab');
});

/** A lead as the list answers it: with its answers, category scores and percentage (none unless given). */
const lead = (overrides: Partial<Lead> = {}): Lead =>
  sampleLead({ percent: 0, answers: [], categories: [], fields: [], ...overrides });

const ada = lead({
  deliveries: [
    leadDelivery({ id: 'delivery-1', state: 'failed', attempts: 10, lastError: 'HTTP 500' }),
    leadDelivery({ id: 'delivery-2', destinationName: 'HTML form (forms.example)', state: 'delivered' }),
  ],
});
const grace = lead({
  id: 'lead-2',
  email: 'grace@example.com',
  name: null,
  outcome: { id: 9, title: null },
  utmSource: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  deliveries: [
    leadDelivery({ id: 'delivery-3', state: 'retrying', nextAttemptAt: '2026-11-23T13:00:00.000Z' }),
  ],
});

/** The editor on quiz 7's Leads tab, with the server answering the given lead calls. */
async function openLeads(routes: FakeRoute[], me = accountHolder(), type: QuizType = 'scored') {
  const fetchMock = routeFetch([
    on(meEndpoint, me),
    on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID, type })),
    on(listDeliveryAlertsEndpoint, []),
    ...routes,
  ]);
  renderApp(`/quizzes/${QUIZ_ID}/leads`);
  expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
  return fetchMock;
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Leads' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The tab's calls; the editor's own presence reports are left out. */
const callsTo = (fetchMock: ReturnType<typeof routeFetch>, prefix: string) =>
  receivedCalls(fetchMock)
    .map((call) => call.route)
    .filter((route) => route.startsWith(prefix) && !route.endsWith('/presence'));

describe('Leads tab', () => {
  it('lists the leads newest first with their deliveries, and links the CSV download', async () => {
    await openLeads([on(listLeadsEndpoint, { leads: [ada, grace], nextCursor: null })]);
    const rows = await waitFor(() => {
      const shown = rowTexts();
      expect(shown).toHaveLength(2);
      return shown;
    });
    expect(rows[0]).toEqual([
      'ada@example.com',
      'Ada',
      'Labrador',
      '1,250',
      expect.stringMatching(/^Nov 2\d, 2026, \d{1,2}:00\s[AP]M$/),
      'newsletter',
      'CRM webhook: FailedResendHTML form (forms.example): Delivered',
      'AnswersDelete',
    ]);
    expect(rows[1]?.slice(0, 4)).toEqual(['grace@example.com', '—', 'Removed outcome', '1,250']);
    expect(rows[1]?.[5]).toBe('—');
    expect(rows[1]?.[6]).toBe('CRM webhook: RetryingTry now');

    const download = screen.getByRole('link', { name: 'Download CSV' });
    expect(download.getAttribute('href')).toBe(`${LEADS_PATH}.csv`);
    const tabs = within(screen.getByRole('navigation', { name: 'Quiz editor' })).getAllByRole('link');
    const labels = tabs.map((tab) => tab.textContent);
    expect(labels.slice(labels.indexOf('Publish'), labels.indexOf('Publish') + 2)).toEqual([
      'Publish',
      'Leads',
    ]);
  });

  it('expands a lead to its form fields, own answers and category scores, and collapses it again', async () => {
    const assessed = lead({
      score: 13,
      percent: 81,
      answers: [
        {
          questionId: 1,
          question: 'Which channels do you use?',
          type: 'multi_list',
          answers: ['Email', 'Ads'],
          display: 'Email, Ads',
        },
        {
          questionId: 2,
          question: 'How confident is your team?',
          type: 'rating',
          answers: [],
          value: 4,
          display: '4',
        },
        {
          questionId: 3,
          question: 'How many employees?',
          type: 'number_input',
          answers: [],
          value: 120,
          display: '120 employees',
        },
        { questionId: 4, question: 'Anything else?', type: 'text_input', answers: [], text: '', display: '' },
      ],
      categories: [
        { id: 7, name: 'Strategy', score: 6, maxScore: 8, percent: 75 },
        { id: 8, name: 'Execution', score: 7, maxScore: 8, percent: 88 },
      ],
      fields: [
        { key: 'phone', label: 'Phone', kind: 'phone', value: '+14155550123' },
        { key: 'newsletter', label: 'Send me the newsletter', kind: 'checkbox', value: 'Yes' },
      ],
    });
    await openLeads([on(listLeadsEndpoint, { leads: [assessed, grace], nextCursor: null })]);
    const toggle = await screen.findByRole('button', { name: 'Answers of ada@example.com' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Category scores of ada@example.com' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const answers = screen.getByRole('region', { name: 'Answers of ada@example.com' });
    expect(toggle.getAttribute('aria-controls')).toBe(answers.id);
    const pairs = [...answers.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Phone', '+14155550123'],
      ['Send me the newsletter', 'Yes'],
      ['Which channels do you use?', 'Email, Ads'],
      ['How confident is your team?', '4'],
      ['How many employees?', '120 employees'],
      ['Anything else?', 'Left empty'],
    ]);
    expect(screen.getByLabelText('Form fields of ada@example.com').querySelectorAll('dt')).toHaveLength(2);
    const categories = screen.getByRole('list', { name: 'Category scores of ada@example.com' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Strategy6 of 8 (75%)', 'Execution7 of 8 (88%)']);
    // Only the lead opened shows its answers; one without any says so when opened.
    fireEvent.click(screen.getByRole('button', { name: 'Answers of grace@example.com' }));
    expect(await screen.findByText('No answers were recorded with this lead.')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Answers of ada@example.com' })).toBeNull();
  });

  it('shows a lead’s URL fields in the quiz’s order, saying which were cut', async () => {
    const fromAd = lead({
      urlFields: { utm_source: 'fb', fbclid: 'IwAR2', ref: 'r'.repeat(500) },
      urlFieldsCut: ['ref'],
    });
    await openLeads([on(listLeadsEndpoint, { leads: [fromAd, grace], nextCursor: null })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Answers of ada@example.com' }));
    const urlFields = screen.getByRole('region', { name: 'URL fields of ada@example.com' });
    expect(within(urlFields).getByRole('heading', { name: URL_FIELDS_TITLE })).toBeTruthy();
    expect(
      [...urlFields.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    ).toEqual([
      ['utm_source', 'fb'],
      ['fbclid', 'IwAR2'],
      ['ref', `${'r'.repeat(500)} (cut at 500 characters)`],
    ]);
    // A lead that kept none shows no such list.
    fireEvent.click(screen.getByRole('button', { name: 'Answers of grace@example.com' }));
    expect(await screen.findByRole('region', { name: 'Answers of grace@example.com' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'URL fields of grace@example.com' })).toBeNull();
  });

  it('shows no Score column for a general quiz, whose answers carry no points', async () => {
    await openLeads([on(listLeadsEndpoint, { leads: [ada], nextCursor: null })], accountHolder(), 'general');
    const table = await screen.findByRole('table', { name: 'Leads' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(0, 4)).toEqual(['Email', 'Name', 'Outcome', 'Time']);
    await waitFor(() => expect(rowTexts()[0]?.slice(0, 3)).toEqual(['ada@example.com', 'Ada', 'Labrador']));
    expect(rowTexts()[0]).not.toContain('1,250');
  });

  it('is a tab for limited accounts too', async () => {
    await openLeads(
      [on(listLeadsEndpoint, { leads: [ada], nextCursor: null })],
      accountHolder({ isLimited: true }),
    );
    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Quiz editor' }));
    expect(tabs.getByRole('link', { name: 'Leads' })).toBeTruthy();
    expect(tabs.queryByRole('link', { name: 'Analytics' })).toBeNull();
  });

  it('filters by delivery state and loads more with the cursor', async () => {
    const fetchMock = await openLeads([
      on(listLeadsEndpoint, ({ query }) => {
        if (query.get('state') === 'cancelled') return { status: 200, body: { leads: [], nextCursor: null } };
        if (query.get('state') === 'failed') return { status: 200, body: { leads: [ada], nextCursor: null } };
        if (query.get('cursor') === 'page-2')
          return { status: 200, body: { leads: [grace], nextCursor: null } };
        return { status: 200, body: { leads: [ada], nextCursor: 'page-2' } };
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'grace@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Delivery state'), { target: { value: 'failed' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'grace@example.com' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Delivery state'), { target: { value: 'cancelled' } });
    expect(await screen.findByText(NO_FILTERED_LEADS_TEXT)).toBeTruthy();
    expect(callsTo(fetchMock, `GET ${LEADS_PATH}`)).toEqual([
      `GET ${LEADS_PATH}`,
      `GET ${LEADS_PATH}?cursor=page-2`,
      `GET ${LEADS_PATH}?state=failed`,
      `GET ${LEADS_PATH}?state=cancelled`,
    ]);
  });

  it('resends one failed delivery, and all failed ones, then reloads the list', async () => {
    let current: Lead = ada;
    const fetchMock = await openLeads([
      on(listLeadsEndpoint, () => ({ status: 200, body: { leads: [current], nextCursor: null } })),
      on(resendDeliveryEndpoint, ({ params }) => {
        current = { ...ada, deliveries: ada.deliveries.map((d) => ({ ...d, state: 'pending' as const })) };
        return { status: 200, body: leadDelivery({ id: params.deliveryId ?? '', state: 'pending' }) };
      }),
      on(resendFailedDeliveriesEndpoint, { resent: 2 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend to CRM webhook' }));
    expect(await screen.findByText('Resending to CRM webhook.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend to CRM webhook' })).toBeNull());
    expect(callsTo(fetchMock, 'POST')).toEqual([`POST ${LEADS_PATH}/deliveries/delivery-1/resend`]);

    fireEvent.click(screen.getByRole('button', { name: 'Resend all failed' }));
    expect(await screen.findByText('Resent 2 failed deliveries.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST')).toEqual([
      `POST ${LEADS_PATH}/deliveries/delivery-1/resend`,
      `POST ${LEADS_PATH}/resend-failed`,
    ]);
    // Each reloads the list and the alerts.
    await waitFor(() => expect(callsTo(fetchMock, `GET ${LEADS_PATH}`)).toHaveLength(3));
  });

  it('tries a delivery that waits for its next retry now', async () => {
    const fetchMock = await openLeads([
      on(listLeadsEndpoint, { leads: [grace], nextCursor: null }),
      on(resendDeliveryEndpoint, ({ params }) => ({
        status: 200,
        body: leadDelivery({ id: params.deliveryId ?? '', state: 'retrying' }),
      })),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try CRM webhook now' }));
    expect(await screen.findByText('Trying CRM webhook again now.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST')).toEqual([`POST ${LEADS_PATH}/deliveries/delivery-3/resend`]);
  });

  it('deletes a lead only after confirmation', async () => {
    let leads = [ada, grace];
    const fetchMock = await openLeads([
      on(listLeadsEndpoint, () => ({ status: 200, body: { leads, nextCursor: null } })),
      on(deleteLeadEndpoint, ({ params }) => {
        leads = leads.filter((shown) => shown.id !== params.leadId);
        return { status: 200, body: { ok: true } };
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete lead ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_LEAD_TITLE });
    expect(dialog.textContent).toContain(deleteLeadText('ada@example.com'));
    expect(within(dialog).getByRole('button', { name: 'Delete' }).className).toContain('button--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete lead ada@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(LEAD_DELETED_TEXT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ada@example.com' })).toBeNull());
    expect(screen.getByRole('button', { name: 'grace@example.com' })).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE')).toEqual([`DELETE ${LEADS_PATH}/lead-1`]);
  });

  it("opens a lead's delivery attempts", async () => {
    await openLeads([
      on(listLeadsEndpoint, { leads: [ada], nextCursor: null }),
      on(leadAttemptsEndpoint, {
        deliveries: [
          {
            ...leadDelivery({ id: 'delivery-1', state: 'failed', lastError: 'HTTP 500' }),
            attemptLog: [
              {
                id: 1,
                startedAt: '2026-11-23T12:00:01.000Z',
                durationMs: 10_000,
                statusCode: null,
                error: 'Timed out after 10 s',
                responseExcerpt: null,
              },
              {
                id: 2,
                startedAt: '2026-11-23T12:05:00.000Z',
                durationMs: 85,
                statusCode: 500,
                error: null,
                responseExcerpt: 'Internal Server Error',
              },
            ],
          },
        ],
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries of ada@example.com' });
    const attempts = await within(dialog).findAllByRole('row');
    expect(
      attempts
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)),
    ).toEqual([
      ['10 s', 'Timed out after 10 s', ''],
      ['85 ms', 'HTTP 500', 'Internal Server Error'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Resend' })).toBeTruthy();
  });
});
