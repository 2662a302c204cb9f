import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ user: users, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}
