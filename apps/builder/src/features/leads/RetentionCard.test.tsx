import { meEndpoint } from '@quizbeam/contracts/auth';
import { listDeliveryAlertsEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import {
  getRetentionEndpoint,
  RETENTION_TOO_LONG_TEXT,
  RETENTION_TOO_SHORT_TEXT,
  type RetentionSetting,
  saveRetentionEndpoint,
} from '@quizbeam/contracts/retention';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { QUIZ_ID } from '../../test/leads';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import {
  RETENTION_DAYS_LABEL,
  RETENTION_LOAD_FAILED_TEXT,
  RETENTION_PERIOD_LABEL,
  RETENTION_TITLE,
} from './RetentionCard';

beforeAll(async () => {
  await import('./LeadsTab');
});

/** The Leads tab over a fake server that stores the period saved (or answers `saveAnswer`). */
async function openLeadsTab(
  retentionDays: number | null,
  { saveAnswer }: { saveAnswer?: ReturnType<typeof answerWith> } = {},
) {
  let stored: RetentionSetting = { retentionDays };
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID })),
    on(listDeliveryAlertsEndpoint, []),
    on(listLeadsEndpoint, { leads: [], nextCursor: null }),
    on(getRetentionEndpoint, () => ({ status: 200, body: stored })),
    on(
      saveRetentionEndpoint,
      saveAnswer ??
        (({ body }) => {
          stored = body as RetentionSetting;
          return { status: 200, body: stored };
        }),
    ),
  ]);
  renderApp(`/quizzes/${QUIZ_ID}/leads`);
  const card = await screen.findByRole('region', { name: RETENTION_TITLE });
  await waitFor(() => expect(period().disabled).toBe(false));
  return { card, fetchMock, stored: () => stored };
}

const period = () => screen.getByRole('combobox', { name: RETENTION_PERIOD_LABEL }) as HTMLSelectElement;
const chosenLabel = () => period().selectedOptions[0]?.textContent;
const daysField = () => screen.getByRole('textbox', { name: RETENTION_DAYS_LABEL }) as HTMLInputElement;
const saves = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/account/retention');
const chooseLabel = (label: string) => {
  const option = [...period().options].find((candidate) => candidate.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.change(period(), { target: { value: option.value } });
};

describe('Data Retention on the Leads tab', () => {
  it('says it applies to the whole account, offers the periods and saves the one chosen', async () => {
    const { card, fetchMock, stored } = await openLeadsTab(null);
    expect(within(card).getByText(/Applies to every quiz in your account\./)).toBeTruthy();
    expect(chosenLabel()).toBe('Keep forever');
    expect([...period().options].map((option) => option.textContent)).toEqual([
      'Keep forever',
      '30 days',
      '90 days',
      '1 year',
      '2 years',
      '5 years',
      'A number of days',
    ]);

    chooseLabel('1 year');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Retention has been saved.')).toBeTruthy();
    expect(saves(fetchMock).map((call) => call.body)).toEqual([{ retentionDays: 365 }]);
    expect(stored()).toEqual({ retentionDays: 365 });

    chooseLabel('Keep forever');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(2));
    expect(saves(fetchMock)[1]?.body).toEqual({ retentionDays: null });
  });

  it('shows a stored number of days that is no preset as that number', async () => {
    await openLeadsTab(45);
    expect(chosenLabel()).toBe('A number of days');
    expect(daysField().value).toBe('45');
  });

  it.each([
    ['29', RETENTION_TOO_SHORT_TEXT],
    ['1826', RETENTION_TOO_LONG_TEXT],
    ['ten', 'Enter a whole number of days.'],
  ])('refuses %s days with its text and saves nothing, then saves a number in range', async (text, error) => {
    const { card, fetchMock } = await openLeadsTab(90);
    expect(chosenLabel()).toBe('90 days');
    chooseLabel('A number of days');
    fireEvent.change(daysField(), { target: { value: text } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(error);
    expect(daysField().getAttribute('aria-invalid')).toBe('true');
    expect(saves(fetchMock)).toEqual([]);

    fireEvent.change(daysField(), { target: { value: ' 60 ' } });
    expect(within(card).queryByRole('alert')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Retention has been saved.')).toBeTruthy();
    expect(saves(fetchMock).map((call) => call.body)).toEqual([{ retentionDays: 60 }]);
  });

  it('says in the card, not over the leads, when the period cannot be loaded', async () => {
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID })),
      on(listDeliveryAlertsEndpoint, []),
      on(listLeadsEndpoint, { leads: [], nextCursor: null }),
      on(getRetentionEndpoint, answerWith(500, { error: 'Down.', code: 'internal' })),
    ]);
    renderApp(`/quizzes/${QUIZ_ID}/leads`);
    const card = await screen.findByRole('region', { name: RETENTION_TITLE });
    expect(await within(card).findByText(RETENTION_LOAD_FAILED_TEXT)).toBeTruthy();
    expect(period().disabled).toBe(true);
    expect((within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(DEFAULT_ERROR_TEXT)).toBeNull();
  });

  it('shows the default error when the save fails and keeps the choice', async () => {
    const { card } = await openLeadsTab(null, {
      saveAnswer: answerWith(500, { error: 'Something broke.', code: 'internal' }),
    });
    chooseLabel('30 days');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DEFAULT_ERROR_TEXT)).toBeTruthy();
    expect(screen.queryByText('Retention has been saved.')).toBeNull();
    expect(chosenLabel()).toBe('30 days');
  });
});
