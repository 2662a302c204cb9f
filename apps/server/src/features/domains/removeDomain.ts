import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { forgetMovedAddressesOnHost } from '../publishing/movedQuizAddresses';
import { takeDownQuizzesOnHost } from './takeDownQuizzesOnHost';

export interface RemoveDomainDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
}

/**
 * Removes the account's domain and, in the same transaction, takes down its quizzes published on it and
 * forgets the quizzes' old addresses there; once that is committed the published sites stop serving the host
 * and the versions that were live there. Another account's domain, or an unknown id, is a 404.
 */
export async function removeDomain(
  deps: RemoveDomainDeps,
  accountId: string,
  domainId: string,
): Promise<{ host: string; takenDown: { quizId: string; slug: string; snapshotId: string }[] }> {
  const removed = await deps.db.transaction(async (tx) => {
    const [domain] = await tx
      .delete(domains)
      .where(and(eq(domains.id, domainId), eq(domains.accountId, accountId)))
      .returning({ host: domains.host });
    if (!domain) throw notFound();
    const takenDown = await takeDownQuizzesOnHost(tx, accountId, domain.host);
    await forgetMovedAddressesOnHost(tx, domain.host);
    return { host: domain.host, takenDown };
  });
  const snapshotIds = removed.takenDown.map((quiz) => quiz.snapshotId);
  await deps.siteChanges.announce({ kind: 'domainRemoved', host: removed.host, snapshotIds });
  return removed;
}
