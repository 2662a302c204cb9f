import type { Database } from '@quizbeam/db/database';
import { domains, liveQuizzes, movedQuizAddresses, quizzes } from '@quizbeam/db/schema';
import { and, eq, exists, ne, or } from 'drizzle-orm';

export interface QuizAddress {
  host: string;
  slug: string;
}

/**
 * Run inside Publish's transaction. The address the quiz takes is nobody's old address any more; when the
 * quiz leaves a host (a Republish on another domain, or a Publish elsewhere after Unpublish), its former
 * address is kept, so links, ads and embeds already out there are redirected to the new one.
 */
export async function recordQuizAddress(
  db: Database,
  quizId: string,
  former: QuizAddress | null,
  current: QuizAddress,
): Promise<void> {
  await db
    .delete(movedQuizAddresses)
    .where(and(eq(movedQuizAddresses.host, current.host), eq(movedQuizAddresses.slug, current.slug)));
  if (!former || (former.host === current.host && former.slug === current.slug)) return;
  await db
    .insert(movedQuizAddresses)
    .values({ ...former, quizId })
    .onConflictDoUpdate({
      target: [movedQuizAddresses.host, movedQuizAddresses.slug],
      set: { quizId, createdAt: new Date() },
    });
}

/** With its domain, a host's old addresses go: whoever adds the domain next must not inherit redirects. */
export async function forgetMovedAddressesOnHost(db: Database, host: string): Promise<void> {
  await db.delete(movedQuizAddresses).where(eq(movedQuizAddresses.host, host));
}

/**
 * Where the quiz that left host/slug is live now, or null: it is not live (unpublished, deleted), or the old
 * host is a custom domain its account no longer has.
 */
export async function movedQuizDestination(
  db: Database,
  publishHost: string,
  address: QuizAddress,
): Promise<(QuizAddress & { quizId: string }) | null> {
  const ownsOldHost = db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.host, movedQuizAddresses.host), eq(domains.accountId, quizzes.accountId)));
  const [row] = await db
    .select({ host: liveQuizzes.host, slug: liveQuizzes.slug, quizId: liveQuizzes.quizId })
    .from(movedQuizAddresses)
    .innerJoin(liveQuizzes, eq(liveQuizzes.quizId, movedQuizAddresses.quizId))
    .innerJoin(quizzes, eq(quizzes.id, movedQuizAddresses.quizId))
    .where(
      and(
        eq(movedQuizAddresses.host, address.host),
        eq(movedQuizAddresses.slug, address.slug),
        or(ne(liveQuizzes.host, address.host), ne(liveQuizzes.slug, address.slug)),
        or(eq(movedQuizAddresses.host, publishHost), exists(ownsOldHost)),
      ),
    );
  return row ?? null;
}
