import {
  createAdminAccountEndpoint,
  getAdminAccountEndpoint,
  listAdminAccountsEndpoint,
  listAuditLogEndpoint,
} from '@quizbeam/contracts/admin';
import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { formatDate } from '../adminFormat';
import { ACCOUNT_NAME_REQUIRED_TEXT, accountCreatedText, BACK_TO_MY_QUIZZES_TEXT } from '../adminTexts';
import { accountDetail, accountPage, adaRow, auditPage, GRACE_ACCOUNT_ID, graceRow } from '../test/adminApi';
import { renderConsole } from '../test/renderConsole';
import { noAccountsText } from './AccountsView';

async function openAccounts(routes: FakeRoute[], search = '') {
  const fetchMock = routeFetch(routes);
  const router = renderConsole(search);
  expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
  return { fetchMock, router };
}

const accountsTable = () => screen.getByRole('table', { name: 'Accounts' });
const rows = () => within(accountsTable()).getAllByRole('row').slice(1);
const accountListCalls = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock)
    .map((call) => call.route)
    .filter((route) => route.startsWith('GET /api/admin/accounts?'));

describe('Admin console: accounts', () => {
  it('lists accounts with their emails, permissions, quizzes, creation date and status', async () => {
    await openAccounts([on(listAdminAccountsEndpoint, accountPage([adaRow, graceRow]))]);
    await screen.findByRole('table', { name: 'Accounts' });
    expect(
      within(accountsTable())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Emails', 'Permissions', 'Quizzes', 'Created', 'Status']);
    const [ada, grace] = rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(ada).toEqual([
      'Ada Lovelace Ltd',
      'ada@example.comcharles@example.com',
      'Commercial features, Pro version',
      '1,204',
      formatDate(adaRow.createdAt),
      'Active',
    ]);
    expect(grace).toEqual([
      'Grace Hopper Co',
      'grace@example.com',
      'Standard',
      '3',
      formatDate(graceRow.createdAt),
      'Disabled',
    ]);
    expect(formatDate(adaRow.createdAt)).toBe('Jan 15, 2026');
  });

  it('pages with Previous and Next, "Page X of Y"', async () => {
    const { fetchMock } = await openAccounts([
      on(listAdminAccountsEndpoint, ({ query }) => ({
        status: 200,
        body: accountPage([query.get('page') === '2' ? graceRow : adaRow], 30, Number(query.get('page'))),
      })),
    ]);
    const pager = await screen.findByRole('navigation', { name: 'Account pages' });
    expect(pager.textContent).toContain('Page 1 of 2');
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.textContent).toContain('Page 2 of 2'));
    expect(await screen.findByText('Grace Hopper Co')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(accountListCalls(fetchMock)).toEqual([
      'GET /api/admin/accounts?page=1',
      'GET /api/admin/accounts?page=2',
    ]);
  });

  it('searches by name or email from the first page, and says when nothing matches', async () => {
    const { fetchMock, router } = await openAccounts(
      [
        on(listAdminAccountsEndpoint, ({ query }) => ({
          status: 200,
          body: query.get('search') === 'nobody' ? accountPage([]) : accountPage([adaRow], 30, 2),
        })),
      ],
      '?page=2',
    );
    await screen.findByText('Ada Lovelace Ltd');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), {
      target: { value: ' nobody ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(noAccountsText('nobody'))).toBeTruthy();
    expect(router.state.location.search).toBe('?search=nobody');
    expect(accountListCalls(fetchMock)).toEqual([
      'GET /api/admin/accounts?page=2',
      'GET /api/admin/accounts?search=nobody&page=1',
    ]);
    expect(screen.getByRole('navigation', { name: 'Account pages' }).textContent).toContain('Page 1 of 1');
  });

  it('creates an account, says the set-password email was sent, and reloads the list', async () => {
    const { fetchMock } = await openAccounts([
      on(listAdminAccountsEndpoint, accountPage([adaRow])),
      on(createAdminAccountEndpoint, answerWith(201, accountDetail({ id: GRACE_ACCOUNT_ID }))),
    ]);
    await screen.findByText('Ada Lovelace Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'New Account' }));
    const dialog = screen.getByRole('dialog', { name: 'New Account' });

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not an email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(dialog.textContent).toContain(ACCOUNT_NAME_REQUIRED_TEXT);
    expect(dialog.textContent).toContain(INVALID_EMAIL_TEXT);
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Account name'), {
      target: { value: '  Grace Hopper Co ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Grace@Example.COM ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Admin (can open this console)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Commercial features' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Extra templates' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('status')).textContent).toBe(accountCreatedText('Grace@example.com'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).find((call) => call.route === 'POST /api/admin/accounts')?.body).toEqual({
      name: 'Grace Hopper Co',
      email: 'Grace@example.com',
      isAdmin: true,
      permissions: { isLimited: false, commercialFeatures: true, extraTemplates: true, proVersion: false },
    });
    await waitFor(() => expect(accountListCalls(fetchMock)).toHaveLength(2));
  });

  it("shows the server's refusal of a new account word for word and keeps the form", async () => {
    const duplicate = 'There is already a user with that email address.';
    await openAccounts([
      on(listAdminAccountsEndpoint, accountPage([adaRow])),
      on(createAdminAccountEndpoint, answerWith(409, { error: duplicate, code: 'duplicate' })),
    ]);
    await screen.findByText('Ada Lovelace Ltd');
    fireEvent.click(screen.getByRole('button', { name: 'New Account' }));
    const dialog = screen.getByRole('dialog', { name: 'New Account' });
    fireEvent.change(within(dialog).getByLabelText('Account name'), { target: { value: 'Ada again' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(duplicate);
    expect((within(dialog).getByLabelText('Account name') as HTMLInputElement).value).toBe('Ada again');
  });

  it('opens an account from its row, and leads back to My Quizzes with a full page load', async () => {
    const { router } = await openAccounts([
      on(listAdminAccountsEndpoint, accountPage([adaRow, graceRow])),
      on(getAdminAccountEndpoint, accountDetail({ id: GRACE_ACCOUNT_ID, name: 'Grace Hopper Co' })),
      on(listAuditLogEndpoint, auditPage([])),
    ]);
    expect(screen.getByRole('link', { name: BACK_TO_MY_QUIZZES_TEXT }).getAttribute('href')).toBe('/');
    await screen.findByText('Grace Hopper Co');
    const graceRowElement = rows()[1] as HTMLElement;
    fireEvent.click(within(graceRowElement).getByText('grace@example.com'));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper Co', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toBe(`?account=${GRACE_ACCOUNT_ID}`);
    expect(screen.getByRole('link', { name: 'Accounts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Audit Log' }).getAttribute('aria-current')).toBeNull();
  });
});
