import type { Quiz } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { leaveQuizPresenceEndpoint, reportQuizPresenceEndpoint } from '@quizbeam/contracts/quizHistory';
import { quizPresence } from '@quizbeam/db/editingSchema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInColleague } from '../../testing/colleagues';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { PRESENCE_RATE_LIMIT } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newQuiz(owner: SignedInAccount): Promise<Quiz> {
  const { quizId } = (
    await owner.send(createQuizEndpoint, { body: { name: 'Open in tabs', type: 'general' } })
  ).data();
  return (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();
}

const report = (editor: SignedInAccount, quizId: string, tabId: string) =>
  editor.send(reportQuizPresenceEndpoint, { params: { id: quizId }, body: { tabId } });

/** Makes the tab look last heard from `seconds` ago. */
const lastSeen = (quizId: string, tabId: string, seconds: number) =>
  t.database.db
    .update(quizPresence)
    .set({ seenAt: sql`now() - make_interval(secs => ${seconds}::int)` })
    .where(and(eq(quizPresence.quizId, quizId), eq(quizPresence.tabId, tabId)));

const storedTabs = async (quizId: string) =>
  (
    await t.database.db
      .select({ tabId: quizPresence.tabId })
      .from(quizPresence)
      .where(eq(quizPresence.quizId, quizId))
  )
    .map((row) => row.tabId)
    .sort();

describe('who has the quiz open', () => {
  it("lists the other tabs by person (the caller's own other tabs too), with the stored revision", async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);

    const alone = (await report(owner, quiz.id, 'owner-tab-1')).data();
    expect(alone).toMatchObject({ revision: 0, savedBy: null, editors: [] });

    await report(colleague, quiz.id, 'colleague-tab-1');
    await report(colleague, quiz.id, 'colleague-tab-2');
    await report(owner, quiz.id, 'owner-tab-2');
    await owner.send(saveQuizEndpoint, {
      params: { id: quiz.id },
      body: { ...quiz, title: 'Saved meanwhile' },
    });

    const seen = (await report(owner, quiz.id, 'owner-tab-1')).data();
    expect(seen.revision).toBe(1);
    expect(seen.savedBy).toBe(owner.email);
    expect(Date.parse(seen.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.editors).toEqual(
      [
        { email: colleague.email, tabCount: 2 },
        { email: owner.email, tabCount: 1 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    const theirs = (await report(colleague, quiz.id, 'colleague-tab-1')).data();
    expect(theirs.editors).toEqual(
      [
        { email: colleague.email, tabCount: 1 },
        { email: owner.email, tabCount: 2 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('stops counting a tab silent for 30 seconds, forgets it after 2 minutes, and drops a tab that leaves', async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);
    await report(colleague, quiz.id, 'quiet-tab-1');
    await report(colleague, quiz.id, 'gone-tab-01');
    await report(colleague, quiz.id, 'leaving-tab');
    await lastSeen(quiz.id, 'quiet-tab-1', 40);
    await lastSeen(quiz.id, 'gone-tab-01', 150);

    const seen = (await report(owner, quiz.id, 'owner-tab-1')).data();
    expect(seen.editors).toEqual([{ email: colleague.email, tabCount: 1 }]);
    expect(await storedTabs(quiz.id)).toEqual(['leaving-tab', 'owner-tab-1', 'quiet-tab-1']);

    const left = await colleague.send(leaveQuizPresenceEndpoint, {
      params: { id: quiz.id, tabId: 'leaving-tab' },
    });
    expect(left.data()).toEqual({ ok: true });
    expect((await report(owner, quiz.id, 'owner-tab-1')).data().editors).toEqual([]);
    // Leaving twice (a page hidden, then closed) is fine.
    const again = await colleague.send(leaveQuizPresenceEndpoint, {
      params: { id: quiz.id, tabId: 'leaving-tab' },
    });
    expect(again.statusCode).toBe(200);
  });

  it("answers 404 for another account's quiz and malformed ids, 401 signed out, 400 for bad tab ids", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const quiz = await newQuiz(owner);
    await report(owner, quiz.id, 'owner-tab-1');

    for (const answer of [
      await report(stranger, quiz.id, 'stranger-tab'),
      await stranger.send(leaveQuizPresenceEndpoint, { params: { id: quiz.id, tabId: 'owner-tab-1' } }),
      await report(owner, 'not-a-uuid', 'owner-tab-1'),
      await report(owner, crypto.randomUUID(), 'owner-tab-1'),
      await owner.send(leaveQuizPresenceEndpoint, { params: { id: quiz.id, tabId: 'short' } }),
      await owner.send(leaveQuizPresenceEndpoint, { params: { id: quiz.id, tabId: 'with space in' } }),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
    expect(await storedTabs(quiz.id)).toEqual(['owner-tab-1']);

    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    for (const answer of [
      await signedOut(reportQuizPresenceEndpoint, {
        params: { id: quiz.id },
        body: { tabId: 'anonymous-tab' },
      }),
      await signedOut(leaveQuizPresenceEndpoint, { params: { id: quiz.id, tabId: 'owner-tab-1' } }),
    ]) {
      expect(answer.statusCode).toBe(401);
    }

    for (const tabId of ['short', 'x'.repeat(65), 'tab/with/slashes', 'tab id with spaces', 42, null]) {
      const answer = await owner.send(reportQuizPresenceEndpoint, {
        params: { id: quiz.id },
        body: { tabId },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await storedTabs(quiz.id)).toEqual(['owner-tab-1']);
  });
});

describe('the presence rate limit', () => {
  it('refuses a session past its limit with 429 and Retry-After, leaving other sessions alone', async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);
    for (let sent = 0; sent < PRESENCE_RATE_LIMIT.max; sent += 1) {
      expect((await report(owner, quiz.id, 'hammering-tab')).statusCode).toBe(200);
    }
    const refused = await report(owner, quiz.id, 'hammering-tab');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await report(colleague, quiz.id, 'colleague-tab')).statusCode).toBe(200);
  });
});
