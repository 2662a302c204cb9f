import { MAX_USAGE_LIMIT, type UsageLimitOverrides } from '@quizbeam/contracts/account';
import {
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
  getAdminAccountEndpoint,
  listAuditLogEndpoint,
  sendUserPasswordResetEndpoint,
  updateAdminAccountEndpoint,
} from '@quizbeam/contracts/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, type FakeRoute, notFound, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { formatDateTime } from '../adminFormat';
import {
  ACCOUNT_DISABLED_TEXT,
  ACCOUNT_ENABLED_TEXT,
  ACCOUNT_EXPORT_TEXT,
  ACCOUNT_NOT_FOUND_TEXT,
  ADMIN_ACCOUNT_SAVED_TEXT,
  DISABLE_ACCOUNT_TITLE,
  ENABLE_ACCOUNT_TITLE,
  LIMIT_INPUT_ERROR_TEXT,
  limitTooHighText,
  passwordResetSentText,
} from '../adminTexts';
import {
  ADA_ACCOUNT_ID,
  ADA_INVITED_USER_ID,
  ADA_USER_ID,
  accountDetail,
  auditEntry,
  auditPage,
} from '../test/adminApi';
import { renderConsole } from '../test/renderConsole';

const failure = answerWith(500, { error: 'Boom', code: 'internal' });

async function openAccount(routes: FakeRoute[]) {
  const fetchMock = routeFetch([...routes, on(listAuditLogEndpoint, auditPage([]))]);
  renderConsole(`?account=${ADA_ACCOUNT_ID}`);
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace Ltd', level: 1 })).toBeTruthy();
  return fetchMock;
}

const limitInput = (label: string) => screen.getByLabelText(`${label}: own limit`) as HTMLInputElement;
const limitRow = (label: string) =>
  within(screen.getByRole('table', { name: 'Usage limits' }))
    .getAllByRole('row')
    .find((row) => row.firstElementChild?.textContent === label) as HTMLElement;
const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Admin console: one account', () => {
  it('shows the name, permissions, each limit with its usage, the users and the audit entries', async () => {
    const entry = auditEntry({ id: 'e1', summary: 'Limits: Quizzes 500 → 20' });
    const fetchMock = routeFetch([
      on(getAdminAccountEndpoint, accountDetail(), { id: ADA_ACCOUNT_ID }),
      on(listAuditLogEndpoint, auditPage([entry])),
    ]);
    renderConsole(`?account=${ADA_ACCOUNT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace Ltd', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Account name') as HTMLInputElement).value).toBe('Ada Lovelace Ltd');
    expect(checkbox('Commercial features').checked).toBe(true);
    expect(checkbox('Limited').checked).toBe(false);

    expect(cellsOf(limitRow('Quizzes')).slice(0, 3)).toEqual(['Quizzes', '20', '20']);
    expect(limitRow('Quizzes').children[1]?.className).toContain('admin-over');
    expect(limitInput('Quizzes').value).toBe('20');
    expect(limitInput('Quizzes').placeholder).toBe('500');
    expect(cellsOf(limitRow('Leads this month')).slice(0, 3)).toEqual([
      'Leads this month',
      '1,500',
      '25,000',
    ]);
    expect(limitInput('Leads this month').value).toBe('');
    expect(limitInput('Leads this month').placeholder).toBe('25,000');

    const users = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(users.map((user) => user.textContent)).toEqual([
      'ada@example.comSend password reset',
      'charles@example.comNo password yetSend password reset',
    ]);

    const audit = await screen.findByRole('table', { name: "This account's audit log" });
    expect(
      within(audit)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatDateTime(entry.at),
      'root@quizbeam.test',
      'Account changed',
      'Limits: Quizzes 500 → 20',
    ]);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `GET /api/admin/audit-log?page=1&account=${ADA_ACCOUNT_ID}`,
    );
  });

  it('saves the name, permissions and limits together; an empty limit goes back to the default', async () => {
    const fetchMock = await openAccount([
      on(getAdminAccountEndpoint, accountDetail()),
      on(updateAdminAccountEndpoint, ({ body }) => {
        const { name, permissions, limitOverrides } = body as {
          name: string;
          permissions: ReturnType<typeof accountDetail>['permissions'];
          limitOverrides: UsageLimitOverrides;
        };
        return {
          status: 200,
          body: accountDetail(
            { name, permissions, limitOverrides },
            {},
            { quizzes: 500, leadsPerMonth: 50_000 },
          ),
        };
      }),
    ]);
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: ' Ada & Co ' } });
    fireEvent.click(checkbox('Pro version'));
    fireEvent.change(limitInput('Quizzes'), { target: { value: '' } });
    fireEvent.change(limitInput('Leads this month'), { target: { value: '50,000' } });
    fireEvent.change(limitInput('Custom domains'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe(ADMIN_ACCOUNT_SAVED_TEXT);
    expect(receivedCalls(fetchMock).find((call) => call.route.startsWith('PUT'))).toEqual({
      route: `PUT /api/admin/accounts/${ADA_ACCOUNT_ID}`,
      body: {
        name: 'Ada & Co',
        permissions: { isLimited: false, commercialFeatures: true, extraTemplates: false, proVersion: true },
        limitOverrides: {
          quizzes: null,
          publishedQuizzes: null,
          leadsPerMonth: 50_000,
          customDomains: 0,
          integrations: null,
          imageStorageMb: null,
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ada & Co', level: 1 })).toBeTruthy();
    expect(limitInput('Leads this month').value).toBe('50000');
    expect(cellsOf(limitRow('Leads this month'))[2]).toBe('50,000');
  });

  it.each([
    ['1.5', LIMIT_INPUT_ERROR_TEXT],
    ['-1', LIMIT_INPUT_ERROR_TEXT],
    ['ten', LIMIT_INPUT_ERROR_TEXT],
    [String(MAX_USAGE_LIMIT + 1), limitTooHighText(MAX_USAGE_LIMIT)],
  ])('refuses the limit %j before sending anything', async (typed, message) => {
    const fetchMock = await openAccount([on(getAdminAccountEndpoint, accountDetail())]);
    fireEvent.change(limitInput('Integrations'), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(limitRow('Integrations').textContent).toContain(message);
    expect(limitInput('Integrations').getAttribute('aria-invalid')).toBe('true');
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('PUT'))).toBe(false);
  });

  it("shows the server's refusal of a save word for word", async () => {
    const refusal = 'Invalid request. body/name: Please enter an account name.';
    await openAccount([
      on(getAdminAccountEndpoint, accountDetail()),
      on(updateAdminAccountEndpoint, answerWith(400, { error: refusal, code: 'validation_failed' })),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('sends a user a password reset, or a new set-password link to a user without a password', async () => {
    const fetchMock = await openAccount([
      on(getAdminAccountEndpoint, accountDetail()),
      on(sendUserPasswordResetEndpoint, { ok: true }),
    ]);
    const [ada, charles] = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    fireEvent.click(within(ada).getByRole('button', { name: 'Send password reset' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      passwordResetSentText('ada@example.com', true),
    );
    fireEvent.click(within(charles).getByRole('button', { name: 'Send password reset' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        passwordResetSentText('charles@example.com', false),
      ),
    );
    expect(
      receivedCalls(fetchMock)
        .map((call) => call.route)
        .filter((route) => route.startsWith('POST')),
    ).toEqual([
      `POST /api/admin/users/${ADA_USER_ID}/password-reset`,
      `POST /api/admin/users/${ADA_INVITED_USER_ID}/password-reset`,
    ]);
  });

  it('disables the account only after a confirmation saying what that does, then enables it again', async () => {
    const disabledAt = '2026-03-05T08:00:00.000Z';
    const fetchMock = await openAccount([
      on(getAdminAccountEndpoint, accountDetail()),
      on(disableAdminAccountEndpoint, accountDetail({ disabledAt })),
      on(enableAdminAccountEndpoint, accountDetail({ disabledAt: null })),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Disable Account' }));
    let dialog = screen.getByRole('dialog', { name: DISABLE_ACCOUNT_TITLE });
    for (const consequence of [
      'cannot sign in',
      'show as unavailable',
      'no new leads',
      'Nothing is deleted',
    ]) {
      expect(dialog.textContent).toContain(consequence);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Disable Account' }));
    dialog = screen.getByRole('dialog', { name: DISABLE_ACCOUNT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('status')).textContent).toBe(ACCOUNT_DISABLED_TEXT);
    expect(screen.getAllByText('Disabled').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Enable Account' }));
    dialog = screen.getByRole('dialog', { name: ENABLE_ACCOUNT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ACCOUNT_ENABLED_TEXT));
    expect(screen.getByRole('button', { name: 'Disable Account' })).toBeTruthy();
    expect(
      receivedCalls(fetchMock)
        .map((call) => call.route)
        .filter((route) => route.startsWith('POST')),
    ).toEqual([
      `POST /api/admin/accounts/${ADA_ACCOUNT_ID}/disable`,
      `POST /api/admin/accounts/${ADA_ACCOUNT_ID}/enable`,
    ]);
  });

  it("shows the server's refusal to disable word for word, and the default error for a failure", async () => {
    const ownAccount = 'You cannot disable your own account.';
    await openAccount([
      on(getAdminAccountEndpoint, accountDetail()),
      on(disableAdminAccountEndpoint, answerWith(400, { error: ownAccount, code: 'validation_failed' })),
      on(sendUserPasswordResetEndpoint, failure),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Disable Account' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ownAccount);
    expect(screen.getByRole('button', { name: 'Disable Account' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Send password reset' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Something went wrong'));
  });

  it("links to the account's data export, a download the browser navigates to", async () => {
    const fetchMock = await openAccount([
      on(getAdminAccountEndpoint, accountDetail(), { id: ADA_ACCOUNT_ID }),
    ]);
    const section = screen.getByRole('region', { name: 'Data export' });
    expect(within(section).getByText(ACCOUNT_EXPORT_TEXT)).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Export data' });
    expect(link.getAttribute('href')).toBe(`/api/admin/accounts/${ADA_ACCOUNT_ID}/export`);
    expect(receivedCalls(fetchMock).some((call) => call.route.endsWith('/export'))).toBe(false);
  });

  it('says so when the account does not exist', async () => {
    routeFetch([on(getAdminAccountEndpoint, notFound)]);
    renderConsole('?account=0d9f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(await screen.findByText(ACCOUNT_NOT_FOUND_TEXT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: '← All accounts' })).toBeTruthy();
  });
});
