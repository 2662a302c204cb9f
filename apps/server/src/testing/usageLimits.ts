import {
  type AccountSettings,
  getAccountEndpoint,
  type UsageLimitKey,
  type UsageLimitOverrides,
} from '@quizbeam/contracts/account';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedInAccount, TestApp } from './testApp';

/** Gives the account its own limits, as an admin would in the console. */
export async function setLimitOverrides(
  t: TestApp,
  accountId: string,
  limitOverrides: UsageLimitOverrides,
): Promise<void> {
  await t.context.db.update(accounts).set({ limitOverrides }).where(eq(accounts.id, accountId));
}

/** The Account page's answer (the account must have commercial features). */
export async function accountSettingsOf(account: SignedInAccount): Promise<AccountSettings> {
  return (await account.send(getAccountEndpoint)).data();
}

/** One line of the Usage Limits list, as `usage / limit`. */
export async function usageLineOf(
  account: SignedInAccount,
  key: UsageLimitKey,
): Promise<{ usage: number; limit: number }> {
  const line = (await accountSettingsOf(account)).usage.find((usage) => usage.key === key);
  if (!line) throw new Error(`no usage line for ${key}`);
  return { usage: line.usage, limit: line.limit };
}

/** Asserts a refusal at a limit: 403 `quota_exceeded` with the contracts' message. */
export function expectLimitRefusal(
  answer: { statusCode: number; json(): unknown; body: string },
  message: string,
): void {
  expect(answer.statusCode, answer.body).toBe(403);
  expect(errorBodySchema.parse(answer.json())).toEqual({ code: 'quota_exceeded', error: message });
}
