import { publishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  createQuizEndpoint,
  getQuizEndpoint,
  saveQuizEndpoint,
  staleRevisionBodySchema,
} from '@quizbeam/contracts/quizEndpoints';
import {
  getQuizVersionEndpoint,
  listQuizVersionsEndpoint,
  restoreQuizVersionEndpoint,
} from '@quizbeam/contracts/quizHistory';
import { quizVersions } from '@quizbeam/db/editingSchema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInColleague } from '../../testing/colleagues';
import { storedScoredQuiz } from '../../testing/publishing';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newQuiz(owner: SignedInAccount, name = 'History quiz'): Promise<Quiz> {
  const { quizId } = (await owner.send(createQuizEndpoint, { body: { name, type: 'general' } })).data();
  return (await owner.send(getQuizEndpoint, { params: { id: quizId } })).data();
}

async function save(editor: SignedInAccount, quiz: Quiz, changes: Partial<Quiz>): Promise<Quiz> {
  return (
    await editor.send(saveQuizEndpoint, { params: { id: quiz.id }, body: { ...quiz, ...changes } })
  ).data();
}

/** The quiz's version rows, oldest first. */
const versionRows = (quizId: string) =>
  t.database.db
    .select()
    .from(quizVersions)
    .where(eq(quizVersions.quizId, quizId))
    .orderBy(asc(quizVersions.savedAt), asc(quizVersions.createdAt));

/** Moves every version of the quiz `minutes` into the past, as if its saves had happened then. */
const agedBy = (quizId: string, minutes: number) =>
  t.database.db
    .update(quizVersions)
    .set({
      createdAt: sql`${quizVersions.createdAt} - make_interval(mins => ${minutes}::int)`,
      savedAt: sql`${quizVersions.savedAt} - make_interval(mins => ${minutes}::int)`,
    })
    .where(eq(quizVersions.quizId, quizId));

describe('every save is a version', () => {
  it("coalesces one author's quick saves into one version that holds the latest content", async () => {
    const owner = await t.signIn();
    const quiz = await newQuiz(owner);
    const first = await save(owner, quiz, { title: 'First words' });
    const second = await save(owner, first, { title: 'First words, then more' });
    const rows = await versionRows(quiz.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'save',
      revision: second.revision,
      savedBy: owner.userId,
      keep: false,
      document: expect.objectContaining({ title: 'First words, then more', revision: 2 }),
    });
    expect(rows[0]?.savedAt.getTime()).toBeGreaterThanOrEqual(rows[0]?.createdAt.getTime() ?? 0);
  });

  it('keeps one version per author while two people save in turn, each holding the quiz at its time', async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);
    const mine = await save(owner, quiz, { title: 'Mine' });
    const theirs = await save(colleague, mine, { title: 'Theirs' });
    const theirsAgain = await save(colleague, theirs, { title: 'Theirs again' });
    let rows = await versionRows(quiz.id);
    expect(rows.map((row) => [row.savedBy, row.revision])).toEqual([
      [owner.userId, 1],
      [colleague.userId, 3],
    ]);
    // Saving again takes the author's own version of these minutes forward, past the other's.
    const mineAgain = await save(owner, theirsAgain, { title: 'Mine again' });
    rows = await versionRows(quiz.id);
    expect(rows.map((row) => [row.savedBy, row.revision, (row.document as Quiz).title])).toEqual([
      [colleague.userId, theirsAgain.revision, 'Theirs again'],
      [owner.userId, mineAgain.revision, 'Mine again'],
    ]);
  });

  it('starts a new version once the newest is two minutes old, and refused saves write none', async () => {
    const owner = await t.signIn();
    const quiz = await newQuiz(owner);
    const first = await save(owner, quiz, { title: 'Morning' });
    await agedBy(quiz.id, 3);
    const second = await save(owner, first, { title: 'Afternoon' });
    const stale = await owner.send(saveQuizEndpoint, {
      params: { id: quiz.id },
      body: { ...first, title: 'From a tab that missed the afternoon' },
    });
    expect(stale.statusCode).toBe(409);
    const rows = await versionRows(quiz.id);
    expect(rows.map((row) => [row.revision, (row.document as Quiz).title])).toEqual([
      [first.revision, 'Morning'],
      [second.revision, 'Afternoon'],
    ]);
  });

  it('keeps every publish for good and lets saves expire after 30 days', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const params = { account: owner.accountId, id: quiz.id };
    const published = (await owner.send(publishQuizEndpoint, { params, body: quiz })).data();
    // A save right after a publish is a version of its own: the publish's content stays as it was.
    const edited = await save(owner, published, { title: 'After the publish' });
    let rows = await versionRows(quiz.id);
    expect(rows.map((row) => [row.kind, row.keep, row.revision])).toEqual([
      ['save', false, quiz.revision],
      ['publish', true, published.revision],
      ['save', false, edited.revision],
    ]);
    expect(rows[1]?.document).toMatchObject({ isPublished: true, title: 'Find your plan' });

    await agedBy(quiz.id, 31 * 24 * 60);
    const latest = await save(owner, edited, { title: 'A month later' });
    rows = await versionRows(quiz.id);
    expect(rows.map((row) => [row.kind, row.revision])).toEqual([
      ['publish', published.revision],
      ['save', latest.revision],
    ]);
  });
});

describe('listing and reading versions', () => {
  it('lists newest first with the author, and marks the one the quiz is stored as', async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);
    expect((await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data()).toEqual([]);
    const mine = await save(owner, quiz, { title: 'Mine' });
    const theirs = await save(colleague, mine, { title: 'Theirs' });
    const listed = (await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data();
    expect(listed).toEqual([
      expect.objectContaining({
        kind: 'save',
        revision: theirs.revision,
        savedBy: colleague.email,
        isCurrent: true,
      }),
      expect.objectContaining({
        kind: 'save',
        revision: mine.revision,
        savedBy: owner.email,
        isCurrent: false,
      }),
    ]);
    expect(Date.parse(listed[0]?.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const older = (
      await owner.send(getQuizVersionEndpoint, { params: { id: quiz.id, versionId: listed[1]?.id ?? '' } })
    ).data();
    expect(older).toMatchObject({ id: listed[1]?.id, kind: 'save', isCurrent: false, savedBy: owner.email });
    expect(older.quiz).toEqual({ ...mine });
  });
});

describe('restoring a version', () => {
  it('stores the version as a new revision, keeps the publishing fields, and records a restore', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const beforePublish = (await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data();
    const published = (
      await owner.send(publishQuizEndpoint, {
        params: { account: owner.accountId, id: quiz.id },
        body: { ...quiz, title: 'Published title' },
      })
    ).data();
    const versionId = beforePublish[0]?.id ?? '';
    const restored = await owner.send(restoreQuizVersionEndpoint, {
      params: { id: quiz.id, versionId },
      body: { revision: published.revision },
    });
    expect(restored.data()).toEqual({
      ...quiz,
      revision: published.revision + 1,
      isPublished: true,
      publishedId: published.publishedId,
      publishedHost: published.publishedHost,
    });
    expect((await owner.send(getQuizEndpoint, { params: { id: quiz.id } })).data()).toEqual(restored.data());
    const listed = (await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data();
    expect(listed.map((version) => [version.kind, version.revision, version.isCurrent])).toEqual([
      ['restore', published.revision + 1, true],
      ['publish', published.revision, false],
      ['save', quiz.revision, false],
    ]);
  });

  it('refuses a restore over a newer save with the same 409 as a save, and writes nothing', async () => {
    const owner = await t.signIn();
    const colleague = await signInColleague(t, owner);
    const quiz = await newQuiz(owner);
    const first = await save(owner, quiz, { title: 'First' });
    const [version] = (await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data();
    await save(colleague, first, { title: 'Their newer one' });
    const refused = await owner.send(restoreQuizVersionEndpoint, {
      params: { id: quiz.id, versionId: version?.id ?? '' },
      body: { revision: first.revision },
    });
    expect(refused.statusCode).toBe(409);
    expect(staleRevisionBodySchema.parse(refused.json())).toMatchObject({
      revision: first.revision + 1,
      savedBy: colleague.email,
    });
    expect((await owner.send(getQuizEndpoint, { params: { id: quiz.id } })).data()).toMatchObject({
      title: 'Their newer one',
    });
    expect(await versionRows(quiz.id)).toHaveLength(2);
  });
});

describe('who may read and restore versions', () => {
  it("answers 404 for another account's quiz or version and for malformed ids, 401 signed out, 400 for bad bodies", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const quiz = await newQuiz(owner);
    const saved = await save(owner, quiz, { title: 'Private' });
    const [version] = (await owner.send(listQuizVersionsEndpoint, { params: { id: quiz.id } })).data();
    const versionId = version?.id ?? '';
    const strangersQuiz = await newQuiz(stranger);
    await save(stranger, strangersQuiz, { title: 'Theirs' });
    const restoreBody = { revision: saved.revision };

    const notFoundCalls = [
      stranger.send(listQuizVersionsEndpoint, { params: { id: quiz.id } }),
      stranger.send(getQuizVersionEndpoint, { params: { id: quiz.id, versionId } }),
      stranger.send(restoreQuizVersionEndpoint, { params: { id: quiz.id, versionId }, body: restoreBody }),
      // Their own quiz with another quiz's version.
      stranger.send(getQuizVersionEndpoint, { params: { id: strangersQuiz.id, versionId } }),
      stranger.send(restoreQuizVersionEndpoint, {
        params: { id: strangersQuiz.id, versionId },
        body: restoreBody,
      }),
      owner.send(getQuizVersionEndpoint, { params: { id: quiz.id, versionId: crypto.randomUUID() } }),
      owner.send(getQuizVersionEndpoint, { params: { id: quiz.id, versionId: 'not-a-uuid' } }),
      owner.send(listQuizVersionsEndpoint, { params: { id: 'not-a-uuid' } }),
      owner.send(restoreQuizVersionEndpoint, { params: { id: quiz.id, versionId: '12' }, body: restoreBody }),
    ];
    for (const answer of await Promise.all(notFoundCalls)) expect(answer.statusCode).toBe(404);

    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    for (const answer of [
      await signedOut(listQuizVersionsEndpoint, { params: { id: quiz.id } }),
      await signedOut(getQuizVersionEndpoint, { params: { id: quiz.id, versionId } }),
      await signedOut(restoreQuizVersionEndpoint, { params: { id: quiz.id, versionId }, body: restoreBody }),
    ]) {
      expect(answer.statusCode).toBe(401);
    }

    for (const body of [
      {},
      { revision: 'one' },
      { revision: -1 },
      { revision: 2_147_483_647 },
      { revision: 1.5 },
    ]) {
      const answer = await owner.send(restoreQuizVersionEndpoint, {
        params: { id: quiz.id, versionId },
        body,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await owner.send(getQuizEndpoint, { params: { id: quiz.id } })).data()).toEqual(saved);
    expect(await versionRows(quiz.id)).toHaveLength(1);
  });
});
