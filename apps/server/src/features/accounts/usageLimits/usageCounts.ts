import type { UsageLimitKey } from '@quizbeam/contracts/account';
import type { Database } from '@quizbeam/db/database';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/** The first instant of the current UTC calendar month, as the database sees now. */
const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;

/**
 * What each limit counts, as a scalar subquery over one account. Leads are counted through the account's
 * quizzes, so the (quiz_id, created_at) index serves it (a deleted quiz's leads go with it anyway).
 */
export function usageCountSql(key: UsageLimitKey, accountId: string): SQL {
  const account = sql`${accountId}::uuid`;
  switch (key) {
    case 'quizzes':
      return sql`(select count(*) from quizzes where account_id = ${account})`;
    case 'publishedQuizzes':
      return sql`(select count(*) from live_quizzes l join quizzes q on q.id = l.quiz_id where q.account_id = ${account})`;
    case 'leadsPerMonth':
      return sql`(select count(*) from leads where quiz_id in (select id from quizzes where account_id = ${account}) and created_at >= ${monthStart})`;
    case 'customDomains':
      return sql`(select count(*) from domains where account_id = ${account})`;
    case 'integrations':
      return sql`(select count(*) from integration_connections where account_id = ${account})`;
    case 'imageStorageMb':
      // Stored in bytes; a started megabyte counts as one.
      return sql`(select ceil(coalesce(sum(bytes), 0) / ${1024 * 1024}::numeric) from images where account_id = ${account})`;
  }
}

const countRows = z.object({ rows: z.array(z.object({ used: z.coerce.number() })) });

/** The account's usage of one limit now. */
export async function usageOf(
  db: Pick<Database, 'execute'>,
  key: UsageLimitKey,
  accountId: string,
): Promise<number> {
  const [row] = countRows.parse(await db.execute(sql`select ${usageCountSql(key, accountId)} as used`)).rows;
  return row?.used ?? 0;
}
