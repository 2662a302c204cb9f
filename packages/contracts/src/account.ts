import { z } from 'zod';
import { accountParam, endpoint } from './endpoint';

/*
 * The Account page and GET/PUT /api/account, for accounts with the commercial-features permission (404 for
 * the others), and the usage limits every account has.
 *
 * Limits are stored per account as overrides of the defaults below (an admin sets them in the console); a
 * missing override means the default, so raising a default raises it for every account without one.
 * Creating past a limit is refused with 403 `quota_exceeded` and `usageLimitMessage`. Nothing already live
 * stops: published quizzes stay up, and leads past the monthly limit are still stored and delivered (the
 * account's users get one email per month when it is crossed, and the Account page shows it).
 */

export const ACCOUNT_SAVED_TEXT = 'Account has been saved.';

export const usageLimitKeys = [
  'quizzes',
  'publishedQuizzes',
  'leadsPerMonth',
  'customDomains',
  'integrations',
  'imageStorageMb',
] as const;
export const usageLimitKeySchema = z.enum(usageLimitKeys);
export type UsageLimitKey = z.infer<typeof usageLimitKeySchema>;

/** The labels of the Usage Limits list ("label usage / limit"). */
export const USAGE_LIMIT_LABELS: Record<UsageLimitKey, string> = {
  quizzes: 'Quizzes',
  publishedQuizzes: 'Published quizzes',
  leadsPerMonth: 'Leads this month',
  customDomains: 'Custom domains',
  integrations: 'Integrations',
  imageStorageMb: 'Image storage (MB)',
};

/**
 * The defaults; `imageStorageMb` is the server's IMAGE_QUOTA_MB setting instead, which this value only
 * stands for in documentation.
 */
export const DEFAULT_USAGE_LIMITS: Record<UsageLimitKey, number> = {
  quizzes: 500,
  publishedQuizzes: 100,
  leadsPerMonth: 25_000,
  customDomains: 10,
  integrations: 25,
  imageStorageMb: 500,
};

/** The largest limit an admin can set. */
export const MAX_USAGE_LIMIT = 1_000_000_000;

const usageLimitValue = z
  .number('Please enter a whole number.')
  .int('Please enter a whole number.')
  .min(0, 'A limit cannot be below zero.')
  .max(MAX_USAGE_LIMIT, `A limit cannot be above ${MAX_USAGE_LIMIT.toLocaleString('en-US')}.`);

/** An account's own limits: a number replaces the default, null goes back to it. */
export const usageLimitOverridesSchema = z
  .object(
    Object.fromEntries(usageLimitKeys.map((key) => [key, usageLimitValue.nullable().optional()])) as Record<
      UsageLimitKey,
      z.ZodOptional<z.ZodNullable<typeof usageLimitValue>>
    >,
  )
  .strict();
export type UsageLimitOverrides = z.infer<typeof usageLimitOverridesSchema>;

export const usageSchema = z.object({
  key: usageLimitKeySchema,
  label: z.string(),
  usage: z.number().int(),
  limit: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

export const accountSettingsSchema = z.object({
  /** The default for quizzes whose own setting is null. */
  showPoweredByBadge: z.boolean(),
  usage: z.array(usageSchema),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** What a refusal at a limit says. */
export function usageLimitMessage(key: UsageLimitKey, limit: number): string {
  const count = limit.toLocaleString('en-US');
  switch (key) {
    case 'quizzes':
      return `Your account has reached its limit of ${count} quizzes. Delete a quiz or contact support to raise the limit.`;
    case 'publishedQuizzes':
      return `Your account has reached its limit of ${count} published quizzes. Unpublish a quiz or contact support to raise the limit.`;
    case 'leadsPerMonth':
      return `Your account has received more than its ${count} leads this month. Every lead is still stored and delivered; contact support to raise the limit.`;
    case 'customDomains':
      return `Your account has reached its limit of ${count} custom domains. Remove a domain or contact support to raise the limit.`;
    case 'integrations':
      return `Your account has reached its limit of ${count} integrations. Remove a connection or contact support to raise the limit.`;
    case 'imageStorageMb':
      return `Your account has used its ${count} MB of image storage. Please contact support to raise the limit.`;
  }
}

/** en-US "usage / limit", as the Usage Limits list shows each line. */
export const formatUsage = (usage: Pick<Usage, 'usage' | 'limit'>): string =>
  `${usage.usage.toLocaleString('en-US')} / ${usage.limit.toLocaleString('en-US')}`;

export const getAccountEndpoint = endpoint({
  method: 'GET',
  path: '/api/account',
  access: 'user',
  summary: "The account's settings and usage limits (accounts with commercial features)",
  response: accountSettingsSchema,
});

export const saveAccountEndpoint = endpoint({
  method: 'PUT',
  path: '/api/account',
  access: 'user',
  summary: "Save the account's settings (accounts with commercial features)",
  body: z.object({ showPoweredByBadge: z.boolean() }),
  response: accountSettingsSchema,
});

/** How many data exports an account may start an hour (each reads everything it has). */
export const ACCOUNT_EXPORTS_PER_HOUR = 5;

/**
 * Everything the account holds, as one zip file, for a GDPR access request: a download the browser navigates
 * to (`quizbeam-export-<account>-<YYYY-MM-DD>.zip`), streamed as it is read. Inside: `account.json` (the name,
 * settings, permissions, limits and each user's email, role and creation date), `quizzes/<quizId>.json` (each
 * quiz's document, name, dates and where it is published), `leads.csv` (every lead, the Leads CSV's columns
 * after the quiz's name), `analytics/<quizId>.csv` (each quiz's responses CSV over all time), `domains.json`
 * and `integrations.json` (service, name, state). Never a password hash, session, token, API key or any
 * other credential. Every user of the account may export it, limited accounts included (it is their data);
 * ACCOUNT_EXPORTS_PER_HOUR an hour, then 429.
 */
export const accountExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/accounts/:account/export',
  access: 'user',
  summary: "All of the account's data as a zip file (a download, for GDPR requests)",
  params: z.object({ account: accountParam }),
  response: z.string(),
});
