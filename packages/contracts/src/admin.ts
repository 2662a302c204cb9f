import { z } from 'zod';
import { type UsageLimitKey, usageLimitKeys, usageLimitOverridesSchema, usageSchema } from './account';
import { permissionsSchema } from './auth';
import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from './emailAddress';
import { endpoint, idParam, okResponseSchema } from './endpoint';

/*
 * The admin console's calls (`{base}/admin`, admins only: every endpoint here answers 404 to anyone else).
 * Every call that changes something writes one audit log entry, in the same transaction as the change.
 */

export const ADMIN_ACCOUNTS_PAGE_SIZE = 25;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const ACCOUNT_DISABLED_LOGIN_MESSAGE =
  'This account has been disabled. Please contact support if you think this is a mistake.';
/** The page a disabled account's published quizzes answer with (status 503, not cached). */
export const QUIZ_UNAVAILABLE_TITLE = 'This quiz is unavailable right now';
export const QUIZ_UNAVAILABLE_TEXT = 'Please check back later.';

const emailAddressSchema = z
  .string()
  .trim()
  .max(320)
  .transform((text, context) => {
    const email = normalizeEmailAddress(text);
    if (email === null) {
      context.addIssue({ code: 'custom', message: INVALID_EMAIL_TEXT });
      return z.NEVER;
    }
    return email;
  });

export const accountNameSchema = z.string().trim().min(1, 'Please enter an account name.').max(200);

export const adminAccountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When the account was disabled, or null. */
  disabledAt: z.string().nullable(),
  permissions: permissionsSchema,
  /** The emails of its users. */
  emails: z.array(z.string()),
  quizCount: z.number().int(),
});
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>;

export const adminAccountPageSchema = z.object({
  accounts: z.array(adminAccountRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAccountPage = z.infer<typeof adminAccountPageSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** False until the user has set a password through the emailed link. */
  hasPassword: z.boolean(),
});

export const adminAccountDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  permissions: permissionsSchema,
  /** The account's own limits (null or absent: the default). */
  limitOverrides: usageLimitOverridesSchema,
  /** What each limit is without an own value (image storage: the server's IMAGE_QUOTA_MB). */
  // An object of the keys rather than a record over them: the OpenAPI document then names each key.
  defaultLimits: z.object(
    Object.fromEntries(usageLimitKeys.map((key) => [key, z.number().int()])) as Record<
      UsageLimitKey,
      z.ZodInt
    >,
  ),
  /** Every limit as it applies now, with the usage. */
  usage: z.array(usageSchema),
  users: z.array(adminUserSchema),
});
export type AdminAccountDetail = z.infer<typeof adminAccountDetailSchema>;

const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

export const listAdminAccountsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/accounts',
  access: 'admin',
  summary: 'Accounts, newest first, searched by name or user email (admins)',
  query: z.object({ search: z.string().trim().max(200).optional(), page: pageNumber }),
  response: adminAccountPageSchema,
});

export const createAdminAccountBodySchema = z.object({
  name: accountNameSchema,
  email: emailAddressSchema,
  isAdmin: z.boolean().default(false),
  permissions: permissionsSchema,
});
export type CreateAdminAccountBody = z.input<typeof createAdminAccountBodySchema>;

/** As `npm run cli -- account:create` does: the first user gets the set-password email. 409 duplicate for a used email. */
export const createAdminAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/accounts',
  access: 'admin',
  summary: 'Create an account and email its first user a set-password link (admins)',
  body: createAdminAccountBodySchema,
  successStatus: 201,
  response: adminAccountDetailSchema,
});

const accountParams = z.object({ id: idParam });

export const getAdminAccountEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/accounts/:id',
  access: 'admin',
  summary: 'An account with its users, permissions, limits and usage (admins)',
  params: accountParams,
  response: adminAccountDetailSchema,
});

export const updateAdminAccountBodySchema = z.object({
  name: accountNameSchema,
  permissions: permissionsSchema,
  limitOverrides: usageLimitOverridesSchema,
});
export type UpdateAdminAccountBody = z.input<typeof updateAdminAccountBodySchema>;

export const updateAdminAccountEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/accounts/:id',
  access: 'admin',
  summary: "Change an account's name, permissions and usage limits (admins)",
  params: accountParams,
  body: updateAdminAccountBodySchema,
  response: adminAccountDetailSchema,
});

/** Signs its users out, refuses sign-in, shows its published quizzes as unavailable and refuses their leads. Nothing is deleted. */
export const disableAdminAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/disable',
  access: 'admin',
  summary: 'Disable an account (admins; an admin cannot disable their own account)',
  params: accountParams,
  response: adminAccountDetailSchema,
});

export const enableAdminAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/enable',
  access: 'admin',
  summary: 'Enable a disabled account again (admins)',
  params: accountParams,
  response: adminAccountDetailSchema,
});

/** Mails the user a reset link (or, without a password yet, a new set-password link). */
export const sendUserPasswordResetEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/password-reset',
  access: 'admin',
  summary: 'Email a user a password reset link (admins)',
  params: accountParams,
  response: okResponseSchema,
});

/**
 * An account's data export (the same zip as the account's own `accountExportEndpoint`), for an admin answering
 * a GDPR request for any account. Each export writes an audit log entry; it shares the account's hourly limit.
 */
export const exportAdminAccountEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/accounts/:id/export',
  access: 'admin',
  summary: "All of an account's data as a zip file (a download; admins)",
  params: accountParams,
  response: z.string(),
});

export const auditActions = [
  'account.create',
  'account.update',
  'account.disable',
  'account.enable',
  'account.export',
  'user.password_reset',
  'leads_challenge.create',
  'leads_challenge.update',
  'leads_challenge.delete',
  'template.create',
  'template.update',
  'template_category.create',
  'template_category.rename',
  'template_category.delete',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The admin who acted (their email then, kept if the user is deleted later). */
  adminEmail: z.string(),
  action: auditActionSchema,
  /** The account acted on, when there is one (its name at the time). */
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  /** One en-US sentence: what changed ("Limits: Quizzes 500 → 20; permissions: Pro on"). */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLogEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: 'admin',
  summary: 'The admin audit log, newest first (admins); optionally one account’s entries',
  query: z.object({ page: pageNumber, account: idParam.optional() }),
  response: z.object({
    entries: z.array(auditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
