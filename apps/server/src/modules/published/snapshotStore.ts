import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, publishedSnapshots } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { maxScore } from '@quizbeam/quiz-engine/scoring';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';

export interface Snapshot {
  id: string;
  quizId: string;
  accountId: string;
  version: number;
  host: string;
  slug: string;
  quiz: Quiz;
  maxScore: number;
  scripts: { onStartPage: string; onOptIn: string };
  showPoweredByBadge: boolean;
}

const scriptsSchema = z.object({ onStartPage: z.string(), onOptIn: z.string() });
const MAX_CACHED = 2000;

/** Snapshots never change, so each is read from the database once and kept (up to MAX_CACHED). */
export class SnapshotStore {
  private readonly cache = new Map<string, Promise<Snapshot | null>>();

  constructor(private readonly db: Database) {}

  get(snapshotId: string): Promise<Snapshot | null> {
    const cached = this.cache.get(snapshotId);
    if (cached) return cached;
    const loading = this.load(snapshotId);
    this.cache.set(snapshotId, loading);
    loading.then(
      (snapshot) => {
        if (!snapshot) this.cache.delete(snapshotId);
      },
      () => this.cache.delete(snapshotId),
    );
    if (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return loading;
  }

  /** The id of the snapshot live at host/slug, or null when nothing is published there. */
  async liveSnapshotId(host: string, slug: string): Promise<string | null> {
    const [row] = await this.db
      .select({ snapshotId: liveQuizzes.snapshotId })
      .from(liveQuizzes)
      .where(and(eq(liveQuizzes.host, host), eq(liveQuizzes.slug, slug)));
    return row?.snapshotId ?? null;
  }

  /** Where the quiz is live, or null when it is not published. */
  async livePlaceOf(quizId: string): Promise<{ host: string; slug: string } | null> {
    const [row] = await this.db
      .select({ host: liveQuizzes.host, slug: liveQuizzes.slug })
      .from(liveQuizzes)
      .where(eq(liveQuizzes.quizId, quizId));
    return row ?? null;
  }

  private async load(snapshotId: string): Promise<Snapshot | null> {
    const [row] = await this.db
      .select()
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.id, snapshotId));
    if (!row) return null;
    const quiz = migrateQuizDocument(row.document);
    return {
      id: row.id,
      quizId: row.quizId,
      accountId: row.accountId,
      version: row.version,
      host: row.host,
      slug: row.slug,
      quiz,
      maxScore: quiz.type === 'scored' ? maxScore(quiz) : 0,
      scripts: scriptsSchema.parse(row.scripts),
      showPoweredByBadge: row.showPoweredByBadge,
    };
  }
}
