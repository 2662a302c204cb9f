import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import {
  listUnsubscribedRecipientsEndpoint,
  resubscribeRecipientEndpoint,
} from '@quizbeam/contracts/leadNotifications';
import type { LeadNotifications } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderInQuizEditor } from '../../../test/quizEditorPieces';
import { sampleQuiz } from '../../../test/quizzes';
import {
  ADD_RECIPIENT_TEXT,
  CAPTURE_OFF_NOTE,
  DAILY_NOTE,
  DUPLICATE_RECIPIENT_TEXT,
  LEAD_NOTIFICATIONS_TITLE,
  LeadNotificationsPanel,
  MODE_LABELS,
  NEW_RECIPIENT_LABEL,
  RECIPIENTS_FULL_TEXT,
  removeRecipientLabel,
  resubscribedText,
  SUBSCRIBE_AGAIN_TEXT,
  UNSUBSCRIBED_BADGE_TEXT,
} from './LeadNotificationsPanel';

const QUIZ_ID = '3f0c4a51-7d8e-4b6a-9c2d-1e5f6a7b8c9d';

function quizWith(leadNotifications?: LeadNotifications, captureOn = true): Quiz {
  const quiz = sampleQuiz({ id: QUIZ_ID });
  return {
    ...quiz,
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: captureOn },
    ...(leadNotifications ? { leadNotifications } : {}),
  };
}

function renderPanel(quiz: Quiz, unsubscribed: string[] = []) {
  const fetchMock = routeFetch([
    on(listUnsubscribedRecipientsEndpoint, { emails: unsubscribed }, { quizId: QUIZ_ID }),
    on(resubscribeRecipientEndpoint, ({ params }) => {
      unsubscribed.splice(unsubscribed.indexOf(params.email ?? ''), 1);
      return { status: 200, body: { ok: true } };
    }),
  ]);
  const store = renderInQuizEditor(<LeadNotificationsPanel />, { quiz });
  const settings = () => store.getState().current.leadNotifications;
  return { fetchMock, settings };
}

const panel = () => screen.findByRole('region', { name: LEAD_NOTIFICATIONS_TITLE });
const emailField = () => screen.getByLabelText(NEW_RECIPIENT_LABEL) as HTMLInputElement;

function typeAndAdd(text: string) {
  fireEvent.change(emailField(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: ADD_RECIPIENT_TEXT }));
}

describe('the New-Lead Emails panel', () => {
  it('is off by default, and turning it on lists the signed-in user', async () => {
    const { settings, fetchMock } = renderPanel(quizWith());
    const region = await panel();
    expect((within(region).getByRole('radio', { name: MODE_LABELS.off }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByLabelText(NEW_RECIPIENT_LABEL)).toBeNull();
    expect(receivedCalls(fetchMock)).toEqual([]);

    fireEvent.click(within(region).getByRole('radio', { name: MODE_LABELS.daily }));
    expect(settings()).toEqual({ mode: 'daily', recipients: ['ada@example.com'] });
    // The store changes at once; the panel may draw the change a moment later on a loaded machine.
    expect(await screen.findByText(DAILY_NOTE)).toBeTruthy();
    expect(
      within(await screen.findByRole('list', { name: 'Recipients' })).getByText('ada@example.com'),
    ).toBeTruthy();

    fireEvent.click(within(region).getByRole('radio', { name: MODE_LABELS.each }));
    expect(settings()).toEqual({ mode: 'each', recipients: ['ada@example.com'] });
    fireEvent.click(within(region).getByRole('radio', { name: MODE_LABELS.off }));
    // Off keeps the list for when it is turned on again.
    expect(settings()).toEqual({ mode: 'off', recipients: ['ada@example.com'] });
  });

  it('adds valid addresses, normalised, refuses others with a reason, and removes them', async () => {
    const { settings } = renderPanel(quizWith({ mode: 'each', recipients: ['ada@example.com'] }));
    await panel();

    typeAndAdd('not an address');
    expect(await screen.findByText(INVALID_EMAIL_TEXT)).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(settings()?.recipients).toEqual(['ada@example.com']);

    typeAndAdd(' ada@EXAMPLE.com ');
    expect(await screen.findByText(DUPLICATE_RECIPIENT_TEXT)).toBeTruthy();

    typeAndAdd('  Sales@Example.COM ');
    expect(settings()?.recipients).toEqual(['ada@example.com', 'Sales@example.com']);
    expect(emailField().value).toBe('');
    expect(screen.queryByText(INVALID_EMAIL_TEXT)).toBeNull();

    // Enter in the field adds too.
    fireEvent.change(emailField(), { target: { value: 'team@example.com' } });
    fireEvent.submit(emailField());
    expect(settings()?.recipients).toEqual(['ada@example.com', 'Sales@example.com', 'team@example.com']);

    fireEvent.click(screen.getByRole('button', { name: removeRecipientLabel('ada@example.com') }));
    expect(settings()).toEqual({ mode: 'each', recipients: ['Sales@example.com', 'team@example.com'] });
  });

  it('takes at most ten addresses and says so', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => `person${index}@example.com`);
    const { settings } = renderPanel(quizWith({ mode: 'daily', recipients: ten.slice(0, 9) }));
    await panel();
    typeAndAdd('person9@example.com');
    expect(settings()?.recipients).toEqual(ten);
    expect(emailField().disabled).toBe(true);
    expect((screen.getByRole('button', { name: ADD_RECIPIENT_TEXT }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(RECIPIENTS_FULL_TEXT)).toBeTruthy();
  });

  it('marks who unsubscribed, and Subscribe Again lists them again', async () => {
    const { fetchMock } = renderPanel(
      quizWith({ mode: 'each', recipients: ['ada@example.com', 'sales+leads@example.com'] }),
      ['sales+leads@example.com'],
    );
    const row = (email: string) => screen.getByText(email).closest('li') as HTMLElement;
    await screen.findByText(UNSUBSCRIBED_BADGE_TEXT);
    expect(within(row('sales+leads@example.com')).getByText(UNSUBSCRIBED_BADGE_TEXT)).toBeTruthy();
    expect(within(row('ada@example.com')).queryByText(UNSUBSCRIBED_BADGE_TEXT)).toBeNull();
    expect(within(row('ada@example.com')).queryByRole('button', { name: SUBSCRIBE_AGAIN_TEXT })).toBeNull();

    fireEvent.click(
      within(row('sales+leads@example.com')).getByRole('button', { name: SUBSCRIBE_AGAIN_TEXT }),
    );
    expect(await screen.findByText(resubscribedText('sales+leads@example.com'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(UNSUBSCRIBED_BADGE_TEXT)).toBeNull());
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `DELETE /api/quizzes/${QUIZ_ID}/lead-notifications/unsubscribed/sales%2Bleads%40example.com`,
    );
  });

  it('shows no badge when the list of who unsubscribed cannot be loaded', async () => {
    routeFetch([on(listUnsubscribedRecipientsEndpoint, answerWith(500, { error: 'x', code: 'internal' }))]);
    renderInQuizEditor(<LeadNotificationsPanel />, {
      quiz: quizWith({ mode: 'each', recipients: ['ada@example.com'] }),
    });
    await panel();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText(UNSUBSCRIBED_BADGE_TEXT)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that emails need lead capture on', async () => {
    renderPanel(quizWith({ mode: 'each', recipients: ['ada@example.com'] }, false));
    expect(await screen.findByText(CAPTURE_OFF_NOTE)).toBeTruthy();
  });
});
