import { browserTrackingSchema, NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import type { Database } from '@quizbeam/db/database';
import { accounts, liveQuizzes, publishedSnapshots } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { REPUBLISH_GRACE_MS, type Snapshot } from '../../shared/snapshot';
import { scoreSummaryOf } from '../publishing/scoreSummary';

/** Snapshots are kept in memory up to this many bytes of quiz document (measured as JSON). */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;
/**
 * Whether a snapshot takes visitors, and whether its account is disabled, are re-read after this long, so
 * another process's Republish, or an admin's disable or enable, shows even when its announcement is lost.
 */
const STATUS_TTL_MS = 5_000;

const scriptsSchema = z.object({
  onStartPage: z.string(),
  onOptIn: z.string(),
  onComplete: z.string().optional(),
});
/** Snapshots from before tracking was kept hold {}: no tags. */
const publishedTrackingSchema = browserTrackingSchema.catch(NO_BROWSER_TRACKING);

interface LoadedSnapshot {
  snapshot: Snapshot;
  bytes: number;
}

/** Snapshots never change, so each is read from the database once and kept while it is used. */
export class SnapshotStore {
  private readonly cache = new LRUCache<string, LoadedSnapshot>({
    maxSize: MAX_SNAPSHOT_BYTES,
    sizeCalculation: (loaded) => Math.max(1, loaded.bytes),
    fetchMethod: async (snapshotId) => (await this.load(snapshotId)) ?? undefined,
    // A look-up under way when its entry is dropped still answers whoever asked (lru-cache would reject).
    ignoreFetchAbort: true,
  });
  private readonly accepting = new LRUCache<string, boolean>({
    max: 20_000,
    ttl: STATUS_TTL_MS,
    fetchMethod: (snapshotId) => this.loadAccepting(snapshotId),
    ignoreFetchAbort: true,
  });
  private readonly disabledAccounts = new LRUCache<string, boolean>({
    max: 20_000,
    ttl: STATUS_TTL_MS,
    fetchMethod: (accountId) => this.loadAccountDisabled(accountId),
    ignoreFetchAbort: true,
  });

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async get(snapshotId: string): Promise<Snapshot | null> {
    return (await this.cache.fetch(snapshotId))?.snapshot ?? null;
  }

  /**
   * The snapshot, when visitors may still answer it and leave leads on it: it is live, or a Republish
   * replaced it less than REPUBLISH_GRACE_MS ago. Otherwise null (its document is not even loaded).
   */
  async takingVisitors(snapshotId: string): Promise<Snapshot | null> {
    return (await this.accepting.fetch(snapshotId)) ? this.get(snapshotId) : null;
  }

  /** Forgets whether the snapshot takes visitors (it has just been retired). */
  forgetStatus(snapshotId: string | null): void {
    if (snapshotId) this.accepting.delete(snapshotId);
  }

  /**
   * Whether the account is disabled: its published quizzes then show as unavailable and take no visitors.
   * An account that no longer exists counts as disabled (its quizzes are gone with it).
   */
  async accountDisabled(accountId: string): Promise<boolean> {
    return (await this.disabledAccounts.fetch(accountId)) ?? true;
  }

  /** Forgets whether the account is disabled (it has just been disabled or enabled). */
  forgetAccountStatus(accountId: string): void {
    this.disabledAccounts.delete(accountId);
  }

  /** Forgets every snapshot's and account's status (changes may have been missed); documents are kept. */
  forgetAllStatuses(): void {
    this.accepting.clear();
    this.disabledAccounts.clear();
  }

  /** The id of the snapshot live at host/slug, or null when nothing is published there. */
  async liveSnapshotId(host: string, slug: string): Promise<string | null> {
    const [row] = await this.db
      .select({ snapshotId: liveQuizzes.snapshotId })
      .from(liveQuizzes)
      .where(and(eq(liveQuizzes.host, host), eq(liveQuizzes.slug, slug)));
    return row?.snapshotId ?? null;
  }

  private async loadAccountDisabled(accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ disabledAt: accounts.disabledAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return !row || row.disabledAt !== null;
  }

  private async loadAccepting(snapshotId: string): Promise<boolean> {
    const [row] = await this.db
      .select({
        retiredAt: publishedSnapshots.retiredAt,
        retiredBy: publishedSnapshots.retiredBy,
        // Spelled out: drizzle leaves columns unqualified in a one-table select, which the subquery would
        // read as its own table's.
        live: sql<boolean>`exists (select 1 from ${liveQuizzes} as lq where lq.snapshot_id = ${publishedSnapshots}.id)`,
        quizLive: sql<boolean>`exists (select 1 from ${liveQuizzes} as lq where lq.quiz_id = ${publishedSnapshots}.quiz_id)`,
      })
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.id, snapshotId));
    if (!row) return false;
    if (row.live) return true;
    // A version a Republish replaced serves visitors mid-quiz for a while, unless the quiz has since been
    // unpublished: then none of its versions takes anything.
    return (
      row.quizLive &&
      row.retiredBy === 'republish' &&
      row.retiredAt !== null &&
      this.now() - row.retiredAt.getTime() < REPUBLISH_GRACE_MS
    );
  }

  private async load(snapshotId: string): Promise<LoadedSnapshot | null> {
    const [row] = await this.db
      .select()
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.id, snapshotId));
    if (!row) return null;
    const quiz = migrateQuizDocument(row.document);
    return {
      bytes: JSON.stringify(row.document).length,
      snapshot: {
        id: row.id,
        quizId: row.quizId,
        accountId: row.accountId,
        version: row.version,
        host: row.host,
        slug: row.slug,
        quiz,
        // Snapshots published before the analysis was stored get it once here.
        maxScore: row.maxScore ?? scoreSummaryOf(quiz).maxScore,
        scripts: scriptsSchema.parse(row.scripts),
        tracking: publishedTrackingSchema.parse(row.tracking),
        showPoweredByBadge: row.showPoweredByBadge,
      },
    };
  }
}
