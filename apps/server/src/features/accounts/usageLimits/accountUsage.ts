import {
  USAGE_LIMIT_LABELS,
  type Usage,
  type UsageLimitKey,
  usageLimitKeys,
} from '@quizbeam/contracts/account';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import { notFound } from '../../../shared/appError';
import { effectiveLimits } from './effectiveLimits';
import { usageCountSql } from './usageCounts';

/**
 * Every limit of the account with its usage now, one line per limit in the contracts' order (the Account
 * page and the admin console show them as they come). Read in one statement; a 404 for an unknown account.
 */
export async function accountUsage(
  db: Database,
  config: Pick<Config, 'imageQuotaBytes'>,
  accountId: string,
): Promise<Usage[]> {
  // Counts arrive as bigint or numeric (text on node-postgres): Number reads both drivers' forms.
  const used = (key: UsageLimitKey) => usageCountSql(key, accountId).mapWith(Number);
  const [row] = await db
    .select({
      limitOverrides: accounts.limitOverrides,
      quizzes: used('quizzes'),
      publishedQuizzes: used('publishedQuizzes'),
      leadsPerMonth: used('leadsPerMonth'),
      customDomains: used('customDomains'),
      integrations: used('integrations'),
      imageStorageMb: used('imageStorageMb'),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  const limits = effectiveLimits(row, config);
  return usageLimitKeys.map((key) => ({
    key,
    label: USAGE_LIMIT_LABELS[key],
    usage: row[key],
    limit: limits[key],
  }));
}
