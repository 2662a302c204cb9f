import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Category, Quiz } from '@quizbeam/contracts/quiz';
import { categoryScoreSchema } from '@quizbeam/contracts/visitorEvents';
import type { VisitAnswer } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { publishedSnapshots } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ScoredVersion, scoredVersion, visitCategoryScores } from './visitCategoryScores';

/** What the category columns need of a visit's row. */
export interface CategoryScoredVisit {
  version: number;
  completedAt: Date | null;
  answers: Record<string, VisitAnswer> | null;
  /** The category scores stored with its lead (CategoryScore[]); null without a lead. */
  leadCategoryScores: unknown;
}

const storedCategoryScores = z.array(categoryScoreSchema);

/** The category scores a lead stored, when it stored any (a lead from before categories stored none). */
function storedScoresOf(visit: CategoryScoredVisit): CategoryScore[] | null {
  const parsed = storedCategoryScores.safeParse(visit.leadCategoryScores);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

/**
 * The responses CSV's category columns (scored quizzes with categories): a finished visit's scores are those
 * its lead stored; a visit finished without a lead stored none, so they are worked out from its answers with
 * the published version it took, each version loaded once, when a page first needs it.
 */
export class CsvCategoryScores {
  readonly categories: Category[];
  private readonly quizId: string;
  private readonly versions = new Map<number, ScoredVersion | null>();

  constructor(
    private readonly db: Database,
    quiz: Quiz,
  ) {
    this.quizId = quiz.id;
    this.categories = quiz.type === 'scored' ? (quiz.categories ?? []) : [];
  }

  /** Loads the versions that this page's finished visits without stored scores took. */
  async prepare(visits: readonly CategoryScoredVisit[]): Promise<void> {
    if (this.categories.length === 0) return;
    const missing = new Set(
      visits
        .filter((visit) => visit.completedAt !== null && !this.versions.has(visit.version))
        .filter((visit) => storedScoresOf(visit) === null)
        .map((visit) => visit.version),
    );
    for (const version of missing) {
      const [snapshot] = await this.db
        .select({ document: publishedSnapshots.document })
        .from(publishedSnapshots)
        .where(and(eq(publishedSnapshots.quizId, this.quizId), eq(publishedSnapshots.version, version)));
      this.versions.set(version, snapshot ? scoredVersion(migrateQuizDocument(snapshot.document)) : null);
    }
  }

  /** A finished visit's scores by category id (none for a visit that did not finish). */
  of(visit: CategoryScoredVisit): Map<number, CategoryScore> {
    if (visit.completedAt === null || this.categories.length === 0) return new Map();
    const version = this.versions.get(visit.version);
    const scores =
      storedScoresOf(visit) ?? (version ? visitCategoryScores(version, visit.answers ?? {}) : []);
    return new Map(scores.map((score) => [score.id, score]));
  }
}
