import type { Database } from '@quizbeam/db/database';
import { AppError } from '../../../shared/appError';
import { type RebuildSummary, rebuildQuizAnalytics } from './rebuildQuizAnalytics';

/** `npm run cli -- analytics:rebuild --quiz ID`, in the server that owns the database or in the CLI itself. */
export async function rebuildAnalyticsCommand(db: Database, quizId: string): Promise<RebuildSummary> {
  const summary = await rebuildQuizAnalytics(db, quizId);
  if (!summary) throw new AppError('not_found', `There is no quiz with the id ${quizId}.`);
  return summary;
}
