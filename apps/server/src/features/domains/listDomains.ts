import type { Domain } from '@quizbeam/contracts/domains';
import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import { domainOf } from './addDomain';

export async function listDomains(db: Database, accountId: string): Promise<Domain[]> {
  const rows = await db
    .select({ id: domains.id, host: domains.host })
    .from(domains)
    .where(eq(domains.accountId, accountId))
    .orderBy(asc(domains.host));
  return rows.map(domainOf);
}
