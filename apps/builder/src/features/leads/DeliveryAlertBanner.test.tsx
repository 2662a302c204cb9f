import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  type DeliveryAlert,
  dismissDeliveryAlertEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
} from '@quizbeam/contracts/leads';
import { getQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { QUIZ_ID } from '../../test/leads';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';

const crmAlert: DeliveryAlert = {
  destinationKey: 'webhook:crm',
  destinationName: 'CRM webhook',
  destinationType: 'webhook',
  quiz: { id: QUIZ_ID, name: 'Which Dog Are You?' },
  waitingLeads: 1204,
  lastFailedAt: '2026-11-23T12:00:00.000Z',
  reason: 'failed' as const,
};
const BANNER_TEXT = 'Leads could not be delivered to CRM webhook (1,204 waiting).';

describe('delivery alert banner', () => {
  it('shows on the dashboard with a link to the Leads tab, and Dismiss hides it', async () => {
    let alerts = [crmAlert];
    const fetchMock = routeFetch([
      on(meEndpoint, accountHolder({ isLimited: true })),
      on(listQuizzesEndpoint, []),
      on(listDeliveryAlertsEndpoint, () => ({ status: 200, body: alerts })),
      on(dismissDeliveryAlertEndpoint, () => {
        alerts = [];
        return { status: 200, body: { ok: true } };
      }),
      on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID })),
      on(listLeadsEndpoint, { leads: [], nextCursor: null }),
    ]);
    const router = renderApp('/');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(BANNER_TEXT);
    const link = within(banner).getByRole('link', { name: 'Review and resend in Which Dog Are You?' });
    expect(link.getAttribute('href')).toBe(`/quizzes/${QUIZ_ID}/leads`);

    // The editor shows it too, under its top bar.
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/quizzes/${QUIZ_ID}/leads`);
    const inEditor = await screen.findByRole('alert');
    fireEvent.click(within(inEditor).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(BANNER_TEXT)).toBeNull());
    const posts = receivedCalls(fetchMock).filter(
      (call) => call.route.startsWith('POST') && !call.route.endsWith('/presence'),
    );
    expect(posts).toEqual([
      { route: 'POST /accounts/account-1/delivery-alerts/dismiss', body: { destinationKey: 'webhook:crm' } },
    ]);
  });

  it('stays out of the way when the alerts cannot be loaded', async () => {
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(listQuizzesEndpoint, []),
      on(listDeliveryAlertsEndpoint, answerWith(500, { error: 'Down.', code: 'internal' })),
    ]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
