import {
  type CreateAdminAccountBody,
  createAdminAccountEndpoint,
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
  exportAdminAccountEndpoint,
  getAdminAccountEndpoint,
  listAdminAccountsEndpoint,
  listAuditLogEndpoint,
  sendUserPasswordResetEndpoint,
  type UpdateAdminAccountBody,
  updateAdminAccountEndpoint,
} from '@quizbeam/contracts/admin';
import { call, urlOf } from '../../api/apiClient';

/**
 * Where the console caches what it loads (TanStack Query keys). A change to an account replaces its entry
 * with the answer and invalidates the lists it shows in, and every change adds an audit entry.
 */
export const adminQueryKeys = {
  accounts: ['admin', 'accounts'] as const,
  accountPage: (search: string, page: number) => ['admin', 'accounts', search, page] as const,
  account: (accountId: string) => ['admin', 'account', accountId] as const,
  auditLog: ['admin', 'audit-log'] as const,
  auditPage: (accountId: string | null, page: number) =>
    ['admin', 'audit-log', accountId ?? 'all', page] as const,
};

export const listAccounts = (search: string, page: number) =>
  call(listAdminAccountsEndpoint, { query: { search: search || undefined, page } });

export const createAccount = (body: CreateAdminAccountBody) => call(createAdminAccountEndpoint, { body });

export const loadAccount = (accountId: string) =>
  call(getAdminAccountEndpoint, { params: { id: accountId } });

export const updateAccount = (accountId: string, body: UpdateAdminAccountBody) =>
  call(updateAdminAccountEndpoint, { params: { id: accountId }, body });

export const disableAccount = (accountId: string) =>
  call(disableAdminAccountEndpoint, { params: { id: accountId } });

export const enableAccount = (accountId: string) =>
  call(enableAdminAccountEndpoint, { params: { id: accountId } });

export const sendPasswordReset = (userId: string) =>
  call(sendUserPasswordResetEndpoint, { params: { id: userId } });

export const listAuditEntries = (accountId: string | null, page: number) =>
  call(listAuditLogEndpoint, { query: { page, account: accountId ?? undefined } });

/** The account's data export, as its users get it: a download by navigation (a link), audited on the server. */
export const accountExportUrl = (accountId: string) =>
  urlOf(exportAdminAccountEndpoint, { params: { id: accountId } });
