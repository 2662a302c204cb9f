import type { Quiz } from '@quizbeam/contracts/quiz';
import { liveQuizzes } from '@quizbeam/db/schema';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiCall, TestApp } from './testApp';

export const PUBLISH_HOST = 'quizzes.test:4000';
export const PUBLISH_ORIGIN = `http://${PUBLISH_HOST}`;

/** A scored quiz with a branch: Q1's first answer (3 points) skips to Q3; outcomes 0-2 and 3-10. */
export async function storedScoredQuiz(
  call: ApiCall,
): Promise<{ quiz: Quiz; q: number[]; a: number[][]; o: number[] }> {
  const created = await call('POST', '/api/quizzes', { name: 'Team quiz', type: 'scored' });
  const { quizId } = created.json() as { quizId: string };
  const stored = (await call('GET', `/api/quizzes/${quizId}`)).json() as Quiz;
  const built = buildQuiz({
    type: 'scored',
    questions: [
      { text: 'How big is your team?', answers: [{ points: 3, to: 2 }, { points: 0 }] },
      { text: 'Do you sell online?', answers: [{ points: 1 }, { points: 0 }] },
      { text: 'Do you run ads?', answers: [{ points: 2 }, { points: 0 }] },
    ],
    outcomes: [
      { from: 0, to: 2 },
      { from: 3, to: 10 },
    ],
  });
  const quiz: Quiz = {
    ...built.quiz,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    title: 'Find your plan',
    startPage: { enabled: true },
    outcomes: built.quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: `Result ${index + 1}: [[score]]`,
    })),
  };
  const saved = await call('PUT', `/api/quizzes/${quiz.id}`, quiz);
  expect(saved.statusCode).toBe(200);
  return { ...built, quiz: saved.json() as Quiz };
}

/** A visitor's request to a published site (no cookie, no builder Origin). */
export const visitorOf =
  (t: TestApp) =>
  (method: 'GET' | 'POST', url: string, payload?: object, host = PUBLISH_HOST) =>
    t.app.inject({
      method,
      url,
      headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

export async function liveSnapshotIdOf(t: TestApp, quizId: string): Promise<string> {
  const [row] = await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quizId));
  if (!row) throw new Error('not live');
  return row.snapshotId;
}
