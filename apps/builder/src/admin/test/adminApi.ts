import { DEFAULT_USAGE_LIMITS, type UsageLimitKey } from '@quizbeam/contracts/account';
import type { AdminAccountDetail, AdminAccountRow, AuditEntry } from '@quizbeam/contracts/admin';
import type { Permissions } from '@quizbeam/contracts/auth';
import { endpoint } from '@quizbeam/contracts/endpoint';
import { leadsChallengeUploadPath, leadsChallengeUploadSchema } from '@quizbeam/contracts/leadsChallenge';
import { usageLines } from '../../test/accounts';

export const ADA_ACCOUNT_ID = '5d1c1f0e-3b7a-4c2d-9e8f-0a1b2c3d4e01';
export const GRACE_ACCOUNT_ID = '5d1c1f0e-3b7a-4c2d-9e8f-0a1b2c3d4e02';
export const ADA_USER_ID = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c01';
export const ADA_INVITED_USER_ID = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c02';

export const noPermissions: Permissions = {
  isLimited: false,
  commercialFeatures: false,
  extraTemplates: false,
  proVersion: false,
};

export function accountRow(overrides: Partial<AdminAccountRow> & { id: string }): AdminAccountRow {
  return {
    name: 'Ada Lovelace Ltd',
    createdAt: '2026-01-15T09:30:00.000Z',
    disabledAt: null,
    permissions: noPermissions,
    emails: ['ada@example.com'],
    quizCount: 0,
    ...overrides,
  };
}

export const adaRow = accountRow({
  id: ADA_ACCOUNT_ID,
  permissions: { ...noPermissions, commercialFeatures: true, proVersion: true },
  emails: ['ada@example.com', 'charles@example.com'],
  quizCount: 1_204,
});
export const graceRow = accountRow({
  id: GRACE_ACCOUNT_ID,
  name: 'Grace Hopper Co',
  createdAt: '2026-02-01T12:00:00.000Z',
  disabledAt: '2026-03-01T08:00:00.000Z',
  emails: ['grace@example.com'],
  quizCount: 3,
});

export function accountPage(accounts: AdminAccountRow[], total = accounts.length, page = 1) {
  return { accounts, total, page, pageSize: 25 };
}

export function accountDetail(
  overrides: Partial<AdminAccountDetail> = {},
  usage: Partial<Record<UsageLimitKey, number>> = {},
  limits: Partial<Record<UsageLimitKey, number>> = {},
): AdminAccountDetail {
  return {
    id: ADA_ACCOUNT_ID,
    name: 'Ada Lovelace Ltd',
    createdAt: '2026-01-15T09:30:00.000Z',
    disabledAt: null,
    permissions: { ...noPermissions, commercialFeatures: true },
    limitOverrides: { quizzes: 20 },
    defaultLimits: { ...DEFAULT_USAGE_LIMITS },
    usage: usageLines({ quizzes: 20, leadsPerMonth: 1_500, ...usage }, { quizzes: 20, ...limits }),
    users: [
      { id: ADA_USER_ID, email: 'ada@example.com', isAdmin: false, hasPassword: true },
      { id: ADA_INVITED_USER_ID, email: 'charles@example.com', isAdmin: false, hasPassword: false },
    ],
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> & { id: string }): AuditEntry {
  return {
    at: '2026-03-02T10:15:00.000Z',
    adminEmail: 'root@quizbeam.test',
    action: 'account.update',
    accountId: ADA_ACCOUNT_ID,
    accountName: 'Ada Lovelace Ltd',
    summary: 'Limits: Quizzes 500 → 20',
    ...overrides,
  };
}

export function auditPage(entries: AuditEntry[], total = entries.length, page = 1) {
  return { entries, total, page, pageSize: 50 };
}

/** The raw-body upload route, declared only so the fake server can answer it. */
export const leadsChallengeUploadRoute = endpoint({
  method: 'PUT',
  path: leadsChallengeUploadPath,
  access: 'admin',
  summary: 'Upload a Leads Challenge file (raw body)',
  response: leadsChallengeUploadSchema,
});
