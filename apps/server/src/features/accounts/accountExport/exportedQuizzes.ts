import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Config } from '../../../config/env';

/** Quizzes read per query: a document can be large, so few at a time keep memory flat. */
const QUIZ_PAGE_SIZE = 10;

/** Where a quiz is live now. */
export interface PublishedPlace {
  url: string;
  host: string;
  slug: string;
  version: number;
  publishedAt: string;
}

/** `quizzes/<quizId>.json`. */
export interface QuizFile {
  id: string;
  name: string;
  type: 'general' | 'scored';
  createdAt: string;
  updatedAt: string;
  published: PublishedPlace | null;
  /** The quiz as the editor opens it (an older stored version migrated), or as stored when it cannot be read. */
  document: unknown;
}

export interface ExportedQuiz {
  file: QuizFile;
  /** Null for a stored document that cannot be read: it is exported as stored, without its responses CSV. */
  quiz: Quiz | null;
}

function readableQuiz(document: unknown, revision: number): Quiz | null {
  try {
    return { ...migrateQuizDocument(document), revision };
  } catch {
    return null;
  }
}

/** Every quiz of the account, in id order, a page at a time as the reader asks. */
export async function* exportedQuizzes(
  db: Database,
  config: Pick<Config, 'publishUrl'>,
  accountId: string,
): AsyncGenerator<ExportedQuiz> {
  let after: string | null = null;
  for (;;) {
    const conditions: SQL[] = [eq(quizzes.accountId, accountId)];
    if (after) conditions.push(gt(quizzes.id, after));
    const page = await db
      .select({
        id: quizzes.id,
        name: quizzes.name,
        type: quizzes.type,
        document: quizzes.document,
        revision: quizzes.revision,
        createdAt: quizzes.createdAt,
        updatedAt: quizzes.updatedAt,
        host: liveQuizzes.host,
        slug: liveQuizzes.slug,
        version: publishedSnapshots.version,
        publishedAt: publishedSnapshots.createdAt,
      })
      .from(quizzes)
      .leftJoin(liveQuizzes, eq(liveQuizzes.quizId, quizzes.id))
      .leftJoin(publishedSnapshots, eq(publishedSnapshots.id, liveQuizzes.snapshotId))
      .where(and(...conditions))
      .orderBy(asc(quizzes.id))
      .limit(QUIZ_PAGE_SIZE);
    for (const row of page) {
      const quiz = readableQuiz(row.document, row.revision);
      const published =
        row.host !== null && row.slug !== null && row.version !== null && row.publishedAt !== null
          ? {
              url: publishedQuizUrl(config.publishUrl, row.host, row.slug),
              host: row.host,
              slug: row.slug,
              version: row.version,
              publishedAt: row.publishedAt.toISOString(),
            }
          : null;
      yield {
        quiz,
        file: {
          id: row.id,
          name: row.name,
          type: row.type,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          published,
          document: quiz ?? row.document,
        },
      };
    }
    const last = page.at(-1);
    if (page.length < QUIZ_PAGE_SIZE || !last) return;
    after = last.id;
  }
}
