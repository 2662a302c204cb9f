import { usageLimitMessage } from '@quizbeam/contracts/account';
import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Mailer } from '../../../email/mailer';
import { leadLimitPassedMessage } from '../../../email/messages';
import { effectiveLimit, limitOverridesOf } from './effectiveLimits';
import { usageOf } from './usageCounts';

export interface LeadLimitNoticeDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'appUrl' | 'basePath' | 'imageQuotaBytes'>;
  now?: () => Date;
}

/** The UTC calendar month of a moment, as accounts.lead_limit_notice_month stores it ('2026-11'). */
export const utcMonthOf = (moment: Date): string => moment.toISOString().slice(0, 7);

/**
 * After a lead is stored: when the account's leads of this UTC month are past its leadsPerMonth limit and
 * its users were not told this month, marks the month and emails each user. The mark is a conditional
 * update, so however many leads and processes race past the limit, one of them sends. Answers whether it
 * sent. The email links to the Account page when the account has one, else to the builder.
 */
export async function noticeLeadLimitIfPassed(
  deps: LeadLimitNoticeDeps,
  accountId: string,
): Promise<boolean> {
  const { db, config } = deps;
  const month = utcMonthOf(deps.now?.() ?? new Date());
  const [account] = await db
    .select({
      limitOverrides: accounts.limitOverrides,
      noticeMonth: accounts.leadLimitNoticeMonth,
      commercialFeatures: accounts.commercialFeatures,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  // Told already this month: the usual case once past the limit costs one look-up, not a count.
  if (!account || account.noticeMonth === month) return false;
  const limit = effectiveLimit(limitOverridesOf(account.limitOverrides), 'leadsPerMonth', config);
  if ((await usageOf(db, 'leadsPerMonth', accountId)) <= limit) return false;
  const claimed = await db
    .update(accounts)
    .set({ leadLimitNoticeMonth: month })
    .where(
      and(
        eq(accounts.id, accountId),
        or(isNull(accounts.leadLimitNoticeMonth), ne(accounts.leadLimitNoticeMonth, month)),
      ),
    )
    .returning({ id: accounts.id });
  if (claimed.length === 0) return false;
  const recipients = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.accountId, accountId));
  const link = `${config.appUrl}${config.basePath}/${account.commercialFeatures ? 'account' : ''}`;
  const limitText = usageLimitMessage('leadsPerMonth', limit);
  for (const { email } of recipients) {
    await deps.mailer.send(leadLimitPassedMessage(email, { limitText }, link));
  }
  return true;
}

/**
 * Runs the lead limit check after each stored lead without ever holding up a visitor: the lead is already
 * committed and answered. One check at a time per account; leads stored meanwhile ask for one more run
 * after it, so a burst of leads costs two counts, not one per lead. Failures are only logged.
 */
export class LeadLimitNotices {
  private readonly pending = new Map<string, { again: boolean }>();

  constructor(
    private readonly deps: LeadLimitNoticeDeps,
    private readonly log: (error: unknown) => void,
  ) {}

  leadStored(accountId: string): void {
    const running = this.pending.get(accountId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.pending.set(accountId, state);
    this.drain(accountId, state).finally(() => this.pending.delete(accountId));
  }

  private async drain(accountId: string, state: { again: boolean }): Promise<void> {
    do {
      state.again = false;
      try {
        await noticeLeadLimitIfPassed(this.deps, accountId);
      } catch (error) {
        this.log(error);
      }
    } while (state.again);
  }
}
