import { publishQuizEndpoint, unpublishQuizEndpoint } from '@quizbeam/contracts/publishing';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import {
  createQuizEndpoint,
  getQuizEndpoint,
  saveQuizEndpoint,
  staleRevisionBodySchema,
} from '@quizbeam/contracts/quizEndpoints';
import { publishedSnapshots } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedScoredQuiz } from '../../testing/publishing';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newQuiz(owner: SignedInAccount, name: string): Promise<Quiz> {
  const { quizId } = (await owner.send(createQuizEndpoint, { body: { name, type: 'general' } })).data();
  return (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();
}

describe('the quiz in the address is the quiz', () => {
  it('refuses a save, publish or unpublish whose body is another quiz, and changes neither', async () => {
    const owner = await t.signIn();
    const first = await newQuiz(owner, 'First');
    const second = await newQuiz(owner, 'Second');
    const intoFirst = { params: { id: first.id }, body: { ...second, name: 'Overwritten' } };
    for (const answer of [
      await owner.send(saveQuizEndpoint, intoFirst),
      await owner.send(publishQuizEndpoint, {
        ...intoFirst,
        params: { account: owner.accountId, id: first.id },
      }),
      await owner.send(unpublishQuizEndpoint, {
        ...intoFirst,
        params: { account: owner.accountId, id: first.id },
      }),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'validation_failed',
        error: expect.stringContaining('body/id'),
      });
    }
    expect((await owner.send(getQuizEndpoint, { params: { id: first.id } })).data()).toEqual(first);
    expect((await owner.send(getQuizEndpoint, { params: { id: second.id } })).data()).toEqual(second);
  });
});

describe('revisions out of range', () => {
  it('refuses a revision the column could not count past, never a 500', async () => {
    const owner = await t.signIn();
    const quiz = await newQuiz(owner, 'Far future');
    const body = { ...quiz, revision: 2_147_483_647 };
    for (const answer of [
      await owner.send(saveQuizEndpoint, { params: { id: quiz.id }, body }),
      await owner.send(publishQuizEndpoint, { params: { account: owner.accountId, id: quiz.id }, body }),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.stringContaining('body/revision') });
    }
    expect((await owner.send(getQuizEndpoint, { params: { id: quiz.id } })).data()).toEqual(quiz);
  });
});

describe('conflict-safe saves', () => {
  it('refuses a save over a revision another tab replaced, saying who saved; nothing is written', async () => {
    const owner = await t.signIn();
    const loaded = await newQuiz(owner, 'Shared by two tabs');
    expect(loaded.revision).toBe(0);
    // Two tabs hold revision 0; the first saves.
    const firstTab = await owner.send(saveQuizEndpoint, {
      params: { id: loaded.id },
      body: { ...loaded, title: 'From the first tab' },
    });
    expect(firstTab.data()).toMatchObject({ revision: 1, title: 'From the first tab' });
    const secondTab = await owner.send(saveQuizEndpoint, {
      params: { id: loaded.id },
      body: { ...loaded, title: 'From the second tab' },
    });
    expect(secondTab.statusCode).toBe(409);
    const stale = staleRevisionBodySchema.parse(secondTab.json());
    expect(stale).toMatchObject({ code: 'conflict', revision: 1, savedBy: owner.email });
    expect(Date.parse(stale.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(stale.error).toContain(`saved by ${owner.email}`);
    expect((await owner.send(getQuizEndpoint, { params: { id: loaded.id } })).data()).toMatchObject({
      revision: 1,
      title: 'From the first tab',
    });
    // "Overwrite with mine": the second tab saves again over the revision it was told.
    const overwritten = await owner.send(saveQuizEndpoint, {
      params: { id: loaded.id },
      body: { ...loaded, title: 'From the second tab', revision: stale.revision },
    });
    expect(quizSchema.parse(overwritten.data())).toMatchObject({ revision: 2, title: 'From the second tab' });
  });

  it('refuses a publish over a replaced revision and publishes nothing', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const params = { account: owner.accountId, id: quiz.id };
    const saved = await owner.send(saveQuizEndpoint, {
      params: { id: quiz.id },
      body: { ...quiz, title: 'Newer' },
    });
    expect(saved.statusCode).toBe(200);
    const stalePublish = await owner.send(publishQuizEndpoint, { params, body: quiz });
    expect(stalePublish.statusCode).toBe(409);
    expect(stalePublish.json()).toMatchObject({ code: 'conflict', revision: quiz.revision + 1 });
    expect(
      await t.database.db.select().from(publishedSnapshots).where(eq(publishedSnapshots.quizId, quiz.id)),
    ).toEqual([]);
    const published = await owner.send(publishQuizEndpoint, { params, body: saved.data() });
    expect(published.data()).toMatchObject({
      isPublished: true,
      title: 'Newer',
      revision: quiz.revision + 2,
    });
  });

  it('keeps the revision when Unpublish only takes the quiz down', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const params = { account: owner.accountId, id: quiz.id };
    const published = (await owner.send(publishQuizEndpoint, { params, body: quiz })).data();
    const unpublished = (await owner.send(unpublishQuizEndpoint, { params, body: published })).data();
    expect(unpublished).toMatchObject({ isPublished: false, revision: published.revision });
    // The editor's copy is still current: saving it works.
    expect(
      (await owner.send(saveQuizEndpoint, { params: { id: quiz.id }, body: unpublished })).statusCode,
    ).toBe(200);
  });
});
