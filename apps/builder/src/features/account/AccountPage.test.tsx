import {
  ACCOUNT_SAVED_TEXT,
  getAccountEndpoint,
  saveAccountEndpoint,
  usageLimitMessage,
} from '@quizbeam/contracts/account';
import { meEndpoint } from '@quizbeam/contracts/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountSettings, usageLines } from '../../test/accounts';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import {
  EXPORT_DATA_TEXT,
  LIMIT_REACHED_TEXT,
  OVER_LIMIT_TEXT,
  POWERED_BY_BADGE_LABEL,
} from './accountTexts';

const commercial = accountHolder({ commercialFeatures: true });
const failure = answerWith(500, { error: 'Boom', code: 'internal' });

async function openAccount(routes: FakeRoute[]) {
  const fetchMock = routeFetch([on(meEndpoint, commercial), ...routes]);
  renderApp('/account');
  expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
  return fetchMock;
}

const badgeToggle = () => screen.getByRole('switch', { name: POWERED_BY_BADGE_LABEL });
const usageList = () => screen.getByRole('list', { name: 'Usage Limits' });
const usageLine = (label: string) =>
  within(usageList())
    .getAllByRole('listitem')
    .find((line) => line.textContent?.startsWith(label));

describe('Account', () => {
  it('lists every usage limit as "label usage / limit" in en-US', async () => {
    await openAccount([
      on(
        getAccountEndpoint,
        accountSettings({
          usage: usageLines({ quizzes: 12, leadsPerMonth: 1_234 }, { leadsPerMonth: 25_000 }),
        }),
      ),
    ]);
    await screen.findByRole('list', { name: 'Usage Limits' });
    expect(
      within(usageList())
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Quizzes12 / 500',
      'Published quizzes0 / 100',
      'Leads this month1,234 / 25,000',
      'Custom domains0 / 10',
      'Integrations0 / 25',
      'Image storage (MB)0 / 500',
    ]);
    expect(screen.queryByText(LIMIT_REACHED_TEXT)).toBeNull();
  });

  it('marks a limit that is reached, and says leads past the monthly limit are still delivered', async () => {
    await openAccount([
      on(
        getAccountEndpoint,
        accountSettings({
          usage: usageLines({ quizzes: 20, leadsPerMonth: 30_512 }, { quizzes: 20, leadsPerMonth: 30_000 }),
        }),
      ),
    ]);
    await screen.findByRole('list', { name: 'Usage Limits' });
    expect(usageLine('Quizzes')?.textContent).toContain(LIMIT_REACHED_TEXT);
    expect(usageLine('Quizzes')?.className).toContain('reached');
    const leads = usageLine('Leads this month');
    expect(leads?.textContent).toContain('30,512 / 30,000');
    expect(leads?.textContent).toContain(OVER_LIMIT_TEXT);
    expect(leads?.textContent).toContain(usageLimitMessage('leadsPerMonth', 30_000));
    expect(leads?.textContent).toContain('Every lead is still stored and delivered');
    expect(usageLine('Published quizzes')?.className).not.toContain('reached');
  });

  it('saves the badge setting and shows the saved answer', async () => {
    const fetchMock = await openAccount([
      on(getAccountEndpoint, accountSettings({ showPoweredByBadge: true })),
      on(saveAccountEndpoint, ({ body }) => ({
        status: 200,
        body: accountSettings({
          showPoweredByBadge: (body as { showPoweredByBadge: boolean }).showPoweredByBadge,
        }),
      })),
    ]);
    // The switch shows the default (on) while the settings load, and takes a click only once they have.
    await waitFor(() => expect((badgeToggle() as HTMLButtonElement).disabled).toBe(false));
    expect(badgeToggle().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(badgeToggle());
    expect(badgeToggle().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_SAVED_TEXT);
    expect(badgeToggle().getAttribute('aria-checked')).toBe('false');
    expect(receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/account')).toEqual([
      { route: 'PUT /api/account', body: { showPoweredByBadge: false } },
    ]);
  });

  it('keeps the choice on screen and shows the default error when saving fails', async () => {
    await openAccount([
      on(getAccountEndpoint, accountSettings({ showPoweredByBadge: false })),
      on(saveAccountEndpoint, failure),
    ]);
    await waitFor(() => expect(badgeToggle().getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(badgeToggle());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(badgeToggle().getAttribute('aria-checked')).toBe('true');
  });

  it("offers the account's data export as a download the browser navigates to", async () => {
    const fetchMock = await openAccount([on(getAccountEndpoint, accountSettings())]);
    const card = screen.getByRole('region', { name: 'Export your data' });
    expect(within(card).getByText(EXPORT_DATA_TEXT)).toBeTruthy();
    const download = within(card).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/accounts/${commercial.account.id}/export`);
    expect(receivedCalls(fetchMock).map((call) => call.route)).not.toContain(
      `GET /api/accounts/${commercial.account.id}/export`,
    );
  });

  it('shows the default error and no limits when the settings cannot be loaded', async () => {
    await openAccount([on(getAccountEndpoint, failure)]);
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.queryByRole('list', { name: 'Usage Limits' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
