import type {
  AnalyticsQuery,
  AnalyticsResult,
  AnalyticsResultQuery,
  AnalyticsTextAnswer,
  AnalyticsTextsQuery,
} from '@quizbeam/contracts/analytics';
import type { Me } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import { AppError, notFound } from '../../shared/appError';
import { findQuiz } from '../quizzes/quizRecords';
import { type DayRange, dayRangeFor } from './analyticsRange';
import { buildAnalyticsResult } from './analyticsResult';
import { readCounterSums } from './readCounters';
import { latestTextAnswers } from './textAnswers';
import { readUrlFieldBreakdown } from './urlFieldBreakdown';

const isTextQuestion = (question: Quiz['questions'][number]) => questionKind(question.type) === 'text';

/**
 * The caller's quiz and the range asked for. Analytics do not exist for limited accounts, so
 * they get the same 404 as another account's quiz; an unknown or deleted quiz is a 404 too.
 */
export async function analyticsQuizAndRange(
  db: Database,
  me: Me,
  quizId: string,
  query: AnalyticsQuery,
): Promise<{ quiz: Quiz; range: DayRange }> {
  if (me.account.permissions.isLimited) throw notFound();
  // Read together; a missing quiz's 404 wins over a bad range's 400.
  const [quiz, range] = await Promise.allSettled([
    findQuiz(db, me.account.id, quizId),
    dayRangeFor(db, quizId, query),
  ]);
  if (quiz.status === 'rejected') throw quiz.reason;
  if (range.status === 'rejected') throw range.reason;
  return { quiz: quiz.value, range: range.value };
}

/**
 * The quiz's analytics over the range and version asked for, from the rollups only; with `urlField`, also
 * the visits broken down by that URL field's values.
 */
export async function quizAnalytics(
  db: Database,
  me: Me,
  quizId: string,
  query: AnalyticsResultQuery,
): Promise<AnalyticsResult> {
  const { quiz, range } = await analyticsQuizAndRange(db, me, quizId, query);
  const [sums, urlFieldBreakdown] = await Promise.all([
    readCounterSums(db, quizId, range, query.version),
    query.urlField === undefined
      ? null
      : readUrlFieldBreakdown(db, { quizId, name: query.urlField, range, version: query.version }),
  ]);
  const latestTexts = new Map<number, AnalyticsTextAnswer[]>();
  for (const question of quiz.questions.filter(isTextQuestion)) {
    latestTexts.set(
      question.id,
      await latestTextAnswers(db, { quizId, questionId: question.id, range, version: query.version }),
    );
  }
  return buildAnalyticsResult(quiz, sums, range, query.version ?? null, { latestTexts, urlFieldBreakdown });
}

/** A text question's latest answers over the range and version asked for, or those containing `q`. */
export async function quizTextAnswers(
  db: Database,
  me: Me,
  quizId: string,
  query: AnalyticsTextsQuery,
): Promise<{ texts: AnalyticsTextAnswer[] }> {
  const { quiz, range } = await analyticsQuizAndRange(db, me, quizId, query);
  const question = quiz.questions.find((candidate) => candidate.id === query.question);
  if (!question || !isTextQuestion(question)) {
    throw new AppError('not_found', 'This quiz has no such text question.');
  }
  const texts = await latestTextAnswers(db, {
    quizId,
    questionId: question.id,
    range,
    version: query.version,
    search: query.q,
  });
  return { texts };
}
