import { usageLimitMessage } from '@quizbeam/contracts/account';
import { PUBLISHED_SLUG_PATTERN, publishQuizEndpoint } from '@quizbeam/contracts/publishing';
import { QUIZ_NAME_MAX_LENGTH } from '@quizbeam/contracts/quiz';
import {
  createQuizEndpoint,
  duplicateQuizEndpoint,
  getQuizEndpoint,
  listQuizzesEndpoint,
  saveQuizEndpoint,
  shareQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import { getQuizScriptEndpoint, saveQuizScriptEndpoint } from '@quizbeam/contracts/scripts';
import { publishedSnapshots, quizScripts, quizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedScoredQuiz } from '../../testing/publishing';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { expectLimitRefusal, setLimitOverrides } from '../../testing/usageLimits';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const scriptOf = async (owner: SignedInAccount, quizId: string, type: 'on-start-page' | 'on-opt-in') =>
  (await owner.send(getQuizScriptEndpoint, { params: { quizId, type } })).data().code;

async function quizCount(accountId: string): Promise<number> {
  return (
    await t.database.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.accountId, accountId))
  ).length;
}

async function scriptCount(accountId: string): Promise<number> {
  const rows = await t.database.db
    .select({ quizId: quizScripts.quizId })
    .from(quizScripts)
    .innerJoin(quizzes, eq(quizzes.id, quizScripts.quizId))
    .where(eq(quizzes.accountId, accountId));
  return rows.length;
}

describe('POST /api/quizzes/{id}/duplicate', () => {
  it('copies the saved, published quiz as an unpublished "Copy of" with a new path and its scripts', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await owner.send(saveQuizScriptEndpoint, {
      params: { quizId: quiz.id, type: 'on-start-page' },
      body: { code: 'console.log("start")' },
    });
    await owner.send(saveQuizScriptEndpoint, {
      params: { quizId: quiz.id, type: 'on-opt-in' },
      body: { code: 'console.log("opt-in")' },
    });
    (await owner.send(shareQuizEndpoint, { params: { account: owner.accountId, id: quiz.id } })).data();
    const published = (
      await owner.send(publishQuizEndpoint, { params: { account: owner.accountId, id: quiz.id }, body: quiz })
    ).data();
    expect(published.isPublished).toBe(true);

    const { quizId } = (await owner.send(duplicateQuizEndpoint, { params: { id: quiz.id } })).data();
    expect(quizId).not.toBe(quiz.id);
    const copy = (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();
    expect(copy).toEqual({
      ...published,
      id: quizId,
      name: 'Copy of Team quiz',
      revision: 0,
      publishedId: copy.publishedId,
      publishedHost: null,
      isPublished: false,
    });
    expect(copy.publishedId).toMatch(PUBLISHED_SLUG_PATTERN);
    expect(copy.publishedId).not.toBe(published.publishedId);
    expect(copy.questions.map((question) => question.text)).toEqual([
      'How big is your team?',
      'Do you sell online?',
      'Do you run ads?',
    ]);

    expect(await scriptOf(owner, quizId, 'on-start-page')).toBe('console.log("start")');
    expect(await scriptOf(owner, quizId, 'on-opt-in')).toBe('console.log("opt-in")');
    const [row] = await t.database.db
      .select({ shareCode: quizzes.shareCode, isPublished: quizzes.isPublished, name: quizzes.name })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    expect(row).toEqual({ shareCode: null, isPublished: false, name: 'Copy of Team quiz' });
    const snapshots = await t.database.db
      .select({ id: publishedSnapshots.id })
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.quizId, quizId));
    expect(snapshots).toEqual([]);

    const list = (await owner.send(listQuizzesEndpoint)).data();
    expect(list.map((summary) => [summary.id, summary.name, summary.isPublished])).toEqual(
      expect.arrayContaining([
        [quiz.id, 'Team quiz', true],
        [quizId, 'Copy of Team quiz', false],
      ]),
    );
  });

  it('gives a copy that changes on its own: saving it or its scripts leaves the original as it was', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await owner.send(saveQuizScriptEndpoint, {
      params: { quizId: quiz.id, type: 'on-start-page' },
      body: { code: 'original()' },
    });
    const { quizId } = (await owner.send(duplicateQuizEndpoint, { params: { id: quiz.id } })).data();
    const copy = (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();

    const editedCopy = {
      ...copy,
      title: 'A different start',
      questions: copy.questions.map((question, index) =>
        index === 0 ? { ...question, text: 'Changed in the copy' } : question,
      ),
    };
    expect(
      (await owner.send(saveQuizEndpoint, { params: { id: quizId }, body: editedCopy })).data().revision,
    ).toBe(1);
    await owner.send(saveQuizScriptEndpoint, {
      params: { quizId, type: 'on-start-page' },
      body: { code: 'copy()' },
    });

    expect((await owner.send(getQuizEndpoint, { params: { id: quiz.id } })).data()).toEqual(quiz);
    expect(await scriptOf(owner, quiz.id, 'on-start-page')).toBe('original()');
    expect(await scriptOf(owner, quizId, 'on-start-page')).toBe('copy()');
    // Edits to the original after copying stay out of the copy too.
    await owner.send(saveQuizEndpoint, {
      params: { id: quiz.id },
      body: { ...quiz, title: 'Original moves on' },
    });
    expect((await owner.send(getQuizEndpoint, { params: { id: quizId } })).data().title).toBe(
      'A different start',
    );
  });

  it("keeps the copy's name within the quiz name limit, and a copy of a copy says so twice", async () => {
    const owner = await t.signIn();
    const longName = `${'Long name '.repeat(20)}`.slice(0, QUIZ_NAME_MAX_LENGTH);
    const { quizId: original } = (
      await owner.send(createQuizEndpoint, { body: { name: longName, type: 'general' } })
    ).data();
    const { quizId } = (await owner.send(duplicateQuizEndpoint, { params: { id: original } })).data();
    const copy = (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();
    expect(copy.name.length).toBeLessThanOrEqual(QUIZ_NAME_MAX_LENGTH);
    expect(copy.name).toBe(`Copy of ${longName}`.slice(0, QUIZ_NAME_MAX_LENGTH).trimEnd());

    const { quizId: short } = (
      await owner.send(createQuizEndpoint, { body: { name: 'Coffee finder', type: 'general' } })
    ).data();
    const first = (await owner.send(duplicateQuizEndpoint, { params: { id: short } })).data();
    const second = (await owner.send(duplicateQuizEndpoint, { params: { id: first.quizId } })).data();
    expect((await owner.send(getQuizEndpoint, { params: { id: second.quizId } })).data().name).toBe(
      'Copy of Copy of Coffee finder',
    );
  });

  it('refuses a copy past the quizzes limit with 403 quota_exceeded, writing nothing', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await owner.send(saveQuizScriptEndpoint, {
      params: { quizId: quiz.id, type: 'on-opt-in' },
      body: { code: 'kept()' },
    });
    await setLimitOverrides(t, owner.accountId, { quizzes: 1 });
    expectLimitRefusal(
      await owner.send(duplicateQuizEndpoint, { params: { id: quiz.id } }),
      usageLimitMessage('quizzes', 1),
    );
    expect(await quizCount(owner.accountId)).toBe(1);
    expect(await scriptCount(owner.accountId)).toBe(1);

    await setLimitOverrides(t, owner.accountId, { quizzes: 2 });
    expect((await owner.send(duplicateQuizEndpoint, { params: { id: quiz.id } })).statusCode).toBe(200);
    expect(await quizCount(owner.accountId)).toBe(2);
    expect(await scriptCount(owner.accountId)).toBe(2);
  });

  it("answers 404 for another account's quiz, an unknown or malformed id, and 401 signed out", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);

    const foreign = await stranger.send(duplicateQuizEndpoint, { params: { id: quiz.id } });
    expect(foreign.statusCode).toBe(404);
    expect(await quizCount(stranger.accountId)).toBe(0);
    expect(await quizCount(owner.accountId)).toBe(1);
    for (const id of [crypto.randomUUID(), 'not-a-quiz-id']) {
      expect((await owner.send(duplicateQuizEndpoint, { params: { id } })).statusCode).toBe(404);
    }

    const signedOut = await endpointCaller(t.app, { origin: APP_ORIGIN })(duplicateQuizEndpoint, {
      params: { id: quiz.id },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await quizCount(owner.accountId)).toBe(1);
  });
});
