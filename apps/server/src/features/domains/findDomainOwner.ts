import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { normalizeDomainHost } from './normalizeDomainHost';

/** The account a custom domain belongs to (any spelling of the host: case and a trailing dot do not matter). */
export async function findDomainOwner(db: Database, host: string): Promise<{ accountId: string } | null> {
  const [row] = await db
    .select({ accountId: domains.accountId })
    .from(domains)
    .where(eq(domains.host, normalizeDomainHost(host)));
  return row ?? null;
}
