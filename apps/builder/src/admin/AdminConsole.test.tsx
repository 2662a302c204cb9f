import { listAdminAccountsEndpoint, listAuditLogEndpoint } from '@quizbeam/contracts/admin';
import { listLeadsChallengeEndpoint } from '@quizbeam/contracts/leadsChallenge';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { on, routeFetch } from '../test/fakeServer';
import { BACK_TO_MY_QUIZZES_TEXT } from './adminTexts';
import { accountPage, adaRow, auditPage } from './test/adminApi';
import { renderConsole } from './test/renderConsole';

const tabs = () => within(screen.getByRole('navigation', { name: 'Admin' }));
const currentTabs = () =>
  tabs()
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('Admin console', () => {
  it('switches between Accounts, Audit Log and Leads Challenge, marking the current tab', async () => {
    routeFetch([
      on(listAdminAccountsEndpoint, accountPage([adaRow])),
      on(listAuditLogEndpoint, auditPage([])),
      on(listLeadsChallengeEndpoint, []),
    ]);
    const router = renderConsole();
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(currentTabs()).toEqual(['Accounts']);

    fireEvent.click(tabs().getByRole('link', { name: 'Audit Log' }));
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(currentTabs()).toEqual(['Audit Log']);
    expect(router.state.location.search).toBe('?view=audit-log');

    fireEvent.click(tabs().getByRole('link', { name: 'Leads Challenge' }));
    expect(await screen.findByRole('heading', { name: 'Leads Challenge' })).toBeTruthy();
    expect(currentTabs()).toEqual(['Leads Challenge']);
  });

  it('leads back to My Quizzes with a full page load, and sends any other path to the console', async () => {
    routeFetch([on(listAdminAccountsEndpoint, accountPage([]))]);
    const router = renderConsole('somewhere/else');
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const back = screen.getByRole('link', { name: BACK_TO_MY_QUIZZES_TEXT });
    expect(back.getAttribute('href')).toBe('/');
  });
});
