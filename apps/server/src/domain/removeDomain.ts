import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../http/appError';
import { forgetMovedAddressesOnHost } from './movedQuizAddresses';
import { takeDownQuizzesOnHost } from './takeDownQuizzesOnHost';

/**
 * Removes the account's domain and, in the same transaction, takes down its quizzes published on it and
 * forgets the quizzes' old addresses there. Another account's domain, or an unknown id, is a 404.
 */
export async function removeDomain(
  db: Database,
  accountId: string,
  domainId: string,
): Promise<{ host: string; takenDown: { quizId: string; slug: string; snapshotId: string }[] }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(domains)
      .where(and(eq(domains.id, domainId), eq(domains.accountId, accountId)))
      .returning({ host: domains.host });
    if (!removed) throw notFound();
    const takenDown = await takeDownQuizzesOnHost(tx, accountId, removed.host);
    await forgetMovedAddressesOnHost(tx, removed.host);
    return { host: removed.host, takenDown };
  });
}
