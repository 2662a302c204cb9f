import { normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';

/**
 * How a typed address is matched against users' (always stored normalized, so ASCII): the normalized address
 * in lower case, or null when it is no valid address and so nobody's. Rate limits key on the same text:
 * PostgreSQL's lower() would fold characters such as 'İ' that JavaScript's does not, so one user would have
 * many keys.
 */
export function emailLookupKey(text: string): string | null {
  return normalizeEmailAddress(text)?.toLowerCase() ?? null;
}

export async function findUserByEmail(db: Database, email: string) {
  const key = emailLookupKey(email);
  if (key === null) return undefined;
  const [row] = await db
    .select({ user: users, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.email}) = ${key}`);
  return row;
}
