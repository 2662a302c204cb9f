import type { Quiz } from '@quizbeam/contracts/quiz';
import { publishedSnapshots, visitorEvents } from '@quizbeam/db/schema';
import type { EventResponse, RawVisitorEvent } from '@quizbeam/quiz-engine/analytics/visitFigures';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { defaultRateLimits } from '../security/rateLimiter';
import type { Visit } from './analyticsVisits';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, visitorOf } from './publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from './testApp';

const PLENTY = { max: 1_000_000, windowMs: 10_000 };

/** The real app with a publish host; every visit comes from 127.0.0.1, so the per-address limits are raised. */
export function startAnalyticsTestApp(): Promise<TestApp> {
  return startTestApp(
    { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN },
    {
      rateLimits: {
        ...defaultRateLimits,
        eventsPerIp: PLENTY,
        completionsPerIp: PLENTY,
        leadsPerIp: PLENTY,
      },
    },
  );
}

export interface PublishedBranchingQuiz {
  quiz: Quiz;
  snapshotId: string;
  /** Question ids in order, answer ids per question, outcome ids. */
  q: number[];
  a: number[][];
  o: number[];
}

/**
 * A scored quiz with branches and a capture form: Q1's first answer jumps to Q3, so Q3 is reached on two
 * paths and Q2 on one; Q3's second answer ends the quiz, so Q4 is reached only on some paths. Outcomes
 * cover scores 0-2 and 3-5; scores 6 and 7 match none.
 */
export async function publishBranchingQuiz(
  t: TestApp,
  owner: SignedInAccount,
): Promise<PublishedBranchingQuiz> {
  const created = await owner.call('POST', '/api/quizzes', { name: 'Lead "magnet" quiz', type: 'scored' });
  const { quizId } = created.json() as { quizId: string };
  const stored = (await owner.call('GET', `/api/quizzes/${quizId}`)).json() as Quiz;
  const built = buildQuiz({
    type: 'scored',
    questions: [
      {
        text: 'Which channel brings most leads?',
        answers: [
          { text: 'Ads', points: 3, to: 2 },
          { text: 'Search', points: 0 },
          { text: '=Referrals', points: 1 },
        ],
      },
      { text: 'How big is your team?', answers: [{ text: 'Small, 1-5', points: 1 }, { text: 'Large' }] },
      {
        text: 'Do you run ads?',
        answers: [
          { text: 'Yes', points: 2 },
          { text: 'No', to: 'end' },
        ],
      },
      {
        text: 'What is your budget?',
        answers: [
          { text: 'Low', points: 1 },
          { text: 'High', points: 2 },
        ],
      },
    ],
    outcomes: [
      { from: 0, to: 2 },
      { from: 3, to: 5 },
    ],
  });
  const quiz: Quiz = {
    ...built.quiz,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    title: 'Find your plan',
    startPage: { enabled: true },
    // Skippable: some of the visitors the tests send skip the form.
    leadCaptureSettings: {
      ...built.quiz.leadCaptureSettings,
      enabled: true,
      skippable: true,
      captureName: true,
    },
    outcomes: built.quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: ['Starter plan', 'Growth plan'][index] ?? outcome.name,
    })),
  };
  const saved = await owner.call('PUT', `/api/quizzes/${quiz.id}`, quiz);
  expect(saved.statusCode).toBe(200);
  const published = await publishQuiz(t, owner, saved.json() as Quiz);
  return { ...built, quiz: published.quiz, snapshotId: published.snapshotId };
}

/** Publish (or Republish, which makes the next version) the quiz as given. */
export async function publishQuiz(
  t: TestApp,
  owner: SignedInAccount,
  quiz: Quiz,
): Promise<{ quiz: Quiz; snapshotId: string }> {
  const published = await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, quiz);
  expect(published.statusCode).toBe(200);
  return { quiz: published.json() as Quiz, snapshotId: await liveSnapshotIdOf(t, quiz.id) };
}

/** Sends a visit through the visitor API as the page does (events in one or two posts). */
export async function sendVisit(t: TestApp, snapshotId: string, visit: Visit): Promise<void> {
  const visitor = visitorOf(t);
  for (const action of visit.actions) {
    const base = { snapshotId, visitId: visit.visitId };
    if (action.kind === 'events') {
      const half = Math.ceil(action.events.length / 2);
      for (const events of [action.events.slice(0, half), action.events.slice(half)]) {
        if (events.length === 0) continue;
        const posted = await visitor('POST', '/_q/events', { ...base, events });
        expect([posted.statusCode, posted.body]).toEqual([202, '{}']);
      }
    } else if (action.kind === 'complete') {
      const posted = await visitor('POST', '/_q/complete', { ...base, answers: action.answers });
      expect(posted.statusCode).toBe(200);
    } else {
      const posted = await visitor('POST', '/_q/leads', {
        ...base,
        answers: action.answers,
        email: action.email,
        name: action.name,
        consent: true,
        pageUrl: 'https://example.com/quiz',
      });
      expect(posted.statusCode).toBe(200);
    }
  }
}

/** The quiz's raw visitor events as the reference arithmetic takes them, in the order they were written. */
export async function rawEventsOf(t: TestApp, quizId: string): Promise<RawVisitorEvent[]> {
  const rows = await t.database.db
    .select({ event: visitorEvents, version: publishedSnapshots.version })
    .from(visitorEvents)
    .innerJoin(publishedSnapshots, eq(publishedSnapshots.id, visitorEvents.snapshotId))
    .where(eq(visitorEvents.quizId, quizId))
    .orderBy(asc(visitorEvents.id));
  return rows.map(({ event, version }) => ({
    visitId: event.visitId,
    snapshotId: event.snapshotId,
    version,
    at: event.createdAt,
    type: event.type,
    questionId: event.questionId,
    answerId: event.answerId,
    response: event.response as EventResponse | null,
    outcomeId: event.outcomeId,
    score: event.score,
    utmSource: event.utmSource,
    utmCampaign: event.utmCampaign,
    urlFields: event.urlFields as Record<string, string> | null,
  }));
}
