import { meEndpoint } from '@quizbeam/contracts/auth';
import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import { type Lead, listDeliveryAlertsEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { eraseVisitorEndpoint, NO_LEADS_WITH_EMAIL_TEXT } from '@quizbeam/contracts/visitorData';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { QUIZ_ID, lead as sampleLead } from '../../test/leads';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { ERASE_VISITOR_EXPLANATION, ERASE_VISITOR_TITLE, erasedVisitorText } from './EraseVisitorModal';

beforeAll(async () => {
  await import('./LeadsTab');
});

const lead = (overrides: Partial<Lead>): Lead =>
  sampleLead({ percent: 0, answers: [], categories: [], fields: [], ...overrides });

/** The Leads tab over a fake server that erases like the real one: by address, without case. */
async function openLeads(people: Lead[]) {
  let leads = people;
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID, type: 'scored' })),
    on(listDeliveryAlertsEndpoint, []),
    on(listLeadsEndpoint, () => ({ status: 200, body: { leads, nextCursor: null } })),
    on(eraseVisitorEndpoint, ({ body }) => {
      const email = String((body as { email: string }).email).toLowerCase();
      const erased = leads.filter((shown) => shown.email.toLowerCase() === email);
      if (erased.length === 0) {
        return answerWith(404, { error: NO_LEADS_WITH_EMAIL_TEXT, code: 'not_found' });
      }
      leads = leads.filter((shown) => !erased.includes(shown));
      return { status: 200, body: { leads: erased.length * 1000, events: 12, deliveries: 1 } };
    }),
  ]);
  renderApp(`/quizzes/${QUIZ_ID}/leads`);
  expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
  return fetchMock;
}

const erasures = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((received) => received.route === 'POST /api/visitor-data/erase');

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Erase a Person' }));
  return screen.findByRole('dialog', { name: ERASE_VISITOR_TITLE });
}

describe('Erase a Person', () => {
  it('erases the address, says how many leads went, and refreshes the list', async () => {
    const fetchMock = await openLeads([
      lead({ id: 'lead-1', email: 'ada@example.com' }),
      lead({ id: 'lead-2', email: 'grace@example.com' }),
    ]);
    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeTruthy();

    const dialog = await openDialog();
    expect(dialog.textContent).toContain(ERASE_VISITOR_EXPLANATION);
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' ada@EXAMPLE.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));

    // The fake answers a thousand per lead, so the count shows en-US grouping.
    expect(await screen.findByText(erasedVisitorText(1000, 'ada@example.com'))).toBeTruthy();
    expect(erasedVisitorText(1000, 'ada@example.com')).toBe('Erased 1,000 leads of ada@example.com.');
    expect(erasedVisitorText(1, 'ada@example.com')).toBe('Erased 1 lead of ada@example.com.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ada@example.com' })).toBeNull());
    expect(screen.getByRole('button', { name: 'grace@example.com' })).toBeTruthy();
    expect(erasures(fetchMock).map((received) => received.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('shows in the dialog that no lead has the address, and keeps it open', async () => {
    await openLeads([lead({ id: 'lead-1', email: 'ada@example.com' })]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(NO_LEADS_WITH_EMAIL_TEXT);
    expect(screen.getByRole('dialog', { name: ERASE_VISITOR_TITLE })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ada@example.com' })).toBeTruthy();
  });

  it('refuses an address that is not valid without calling the server, and Cancel erases nothing', async () => {
    const fetchMock = await openLeads([lead({ id: 'lead-1', email: 'ada@example.com' })]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByText(INVALID_EMAIL_TEXT)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(erasures(fetchMock)).toEqual([]);
  });
});
