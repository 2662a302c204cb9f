import { listAuditLogEndpoint } from '@quizbeam/contracts/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { formatDateTime } from '../adminFormat';
import { ADA_ACCOUNT_ID, auditEntry, auditPage } from '../test/adminApi';
import { renderConsole } from '../test/renderConsole';
import { NO_AUDIT_ENTRIES_TEXT } from './AuditLogView';

const newest = auditEntry({
  id: 'e2',
  at: '2026-03-04T16:45:00.000Z',
  action: 'account.disable',
  summary: 'Disabled the account',
});
const withoutAccount = auditEntry({
  id: 'e1',
  at: '2026-03-03T09:05:00.000Z',
  action: 'leads_challenge.create',
  accountId: null,
  accountName: null,
  summary: 'Added “Swipe file”',
});

describe('Admin console: audit log', () => {
  it('lists every entry as the server orders them (newest first), with en-US times', async () => {
    routeFetch([on(listAuditLogEndpoint, auditPage([newest, withoutAccount]))]);
    renderConsole('?view=audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Admin', 'Action', 'Account', 'Summary']);
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(first).toEqual([
      formatDateTime(newest.at),
      'root@quizbeam.test',
      'Account disabled',
      'Ada Lovelace Ltd',
      'Disabled the account',
    ]);
    expect(formatDateTime(newest.at)).toMatch(/^Mar \d, 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(second).toEqual([
      formatDateTime(withoutAccount.at),
      'root@quizbeam.test',
      'Download added',
      '—',
      'Added “Swipe file”',
    ]);
    expect(within(table).getByRole('link', { name: 'Ada Lovelace Ltd' }).getAttribute('href')).toBe(
      `/?account=${ADA_ACCOUNT_ID}`,
    );
  });

  it('pages through the log', async () => {
    const fetchMock = routeFetch([
      on(listAuditLogEndpoint, ({ query }) => {
        const page = Number(query.get('page'));
        return { status: 200, body: auditPage([page === 1 ? newest : withoutAccount], 120, page) };
      }),
    ]);
    const router = renderConsole('?view=audit-log');
    const pager = await screen.findByRole('navigation', { name: 'Audit log pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.textContent).toContain('Page 2 of 3'));
    expect(router.state.location.search).toBe('?view=audit-log&page=2');
    expect(await screen.findByText('Download added')).toBeTruthy();
    expect(
      receivedCalls(fetchMock)
        .map((call) => call.route)
        .filter((route) => route.startsWith('GET /api/admin/audit-log')),
    ).toEqual(['GET /api/admin/audit-log?page=1', 'GET /api/admin/audit-log?page=2']);
  });

  it('says when no admin has done anything yet', async () => {
    routeFetch([on(listAuditLogEndpoint, auditPage([]))]);
    renderConsole('?view=audit-log');
    expect(await screen.findByText(NO_AUDIT_ENTRIES_TEXT)).toBeTruthy();
  });
});
