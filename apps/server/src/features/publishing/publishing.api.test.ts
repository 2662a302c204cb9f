import { listDomainsEndpoint } from '@quizbeam/contracts/domains';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { type Answered, visitorResultSchema } from '@quizbeam/contracts/visitorEvents';
import { liveQuizzes, publishedSnapshots } from '@quizbeam/db/schema';
import { firstQuestionId, nextStep } from '@quizbeam/quiz-engine/flow';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { backJumpingQuiz, buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({
    'quiz.example.com': { cname: 'quizzes.test.' },
    'xn--bcher-kva.example.com': { cname: 'quizzes.test.' },
  });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const signedInAccount = () => t.signIn();
const visitor = (...args: Parameters<ReturnType<typeof visitorOf>>) => visitorOf(t)(...args);

describe('publishing', () => {
  it('publishes one quiz many times at once: they take turns, and only one goes over each revision', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const publish = (body: Quiz) => call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, body);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => publish({ ...quiz, title: `Version ${index}` })),
    );
    // All started from one revision: the first through wins, the others are told so; nobody gets a 500.
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = quizSchema.parse(answers.find((answer) => answer.statusCode === 200)?.json());
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'conflict', revision: winner.revision });
    }
    // Each over the revision the last one left: ten versions, the newest live, the others retired.
    let latest = winner;
    for (let index = 0; index < 9; index += 1) {
      const next = await publish({ ...latest, title: `Again ${index}` });
      expect(next.statusCode).toBe(200);
      latest = quizSchema.parse(next.json());
    }
    const snapshots = await t.database.db
      .select()
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.quizId, quiz.id));
    expect(snapshots.map((snapshot) => snapshot.version).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const [live] = await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quiz.id));
    const newest = snapshots.find((snapshot) => snapshot.version === 10);
    expect(live?.snapshotId).toBe(newest?.id);
    expect(snapshots.filter((snapshot) => snapshot.retiredBy === 'republish')).toHaveLength(9);
    expect(newest?.retiredAt).toBeNull();
  });

  it('analyses the score once, at publish, and keeps a flow too tangled to analyse from stalling anyone', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const tangled = backJumpingQuiz(280, 18, 7);
    const document: Quiz = {
      ...tangled,
      id: quiz.id,
      name: quiz.name,
      publishedId: quiz.publishedId,
      questions: tangled.questions.map((question) => ({
        ...question,
        text: `Question ${question.rank}`,
        answers: question.answers.map((answer) => ({ ...answer, text: `Answer ${answer.id}` })),
      })),
      revision: quiz.revision,
      outcomes: quiz.outcomes.map((outcome, index) => ({
        ...outcome,
        id: tangled.nextId + index,
        scoreRange: { from: index * 50_000, to: index * 50_000 + 49_999 },
      })),
      nextId: tangled.nextId + quiz.outcomes.length,
    };
    const published = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, document);
    expect(published.statusCode, published.body).toBe(200);
    const [snapshot] = await t.database.db
      .select()
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.quizId, quiz.id));
    expect(snapshot?.maxScoreExact).toBe(false);
    expect(snapshot?.maxScore).toBe(analyseScores(document).maxScore);
    const page = await visitor('GET', `/${quiz.publishedId}`);
    expect(page.statusCode).toBe(200);
    // The page holds no scores; a completion answers with the stored analysis.
    const answers: Answered[] = [];
    for (let current = firstQuestionId(document); current !== null; ) {
      const question = document.questions.find((candidate) => candidate.id === current);
      const answerId = question?.answers[0]?.id ?? 0;
      answers.push({ questionId: current, answerId });
      const step = nextStep(
        document,
        current,
        answerId,
        answers.map((answered) => answered.questionId),
      );
      current = step.kind === 'question' ? step.questionId : null;
    }
    const completed = await visitor('POST', '/_q/complete', {
      snapshotId: snapshot?.id,
      visitId: 'visit-tangled-aaaaaaaaaaa',
      answers,
    });
    expect(visitorResultSchema.parse(completed.json()).maxScore).toBe(snapshot?.maxScore);
  });

  it('refuses an incomplete quiz with the items to complete, and publishes nothing', async () => {
    const { accountId, call } = await signedInAccount();
    const created = await call('POST', '/api/quizzes', { name: 'Empty', type: 'general' });
    const quiz = quizSchema.parse(
      (await call('GET', `/api/quizzes/${createQuizEndpoint.response.parse(created.json()).quizId}`)).json(),
    );
    const refused = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz);
    expect(refused.statusCode).toBe(400);
    // Publish saved the quiz as sent: the refusal says the revision it is stored under now.
    expect(refused.json()).toMatchObject({ code: 'not_publishable', incompleteItems: [], revision: 1 });
    const withQuestion = buildQuiz({
      type: 'general',
      questions: [{ text: '', answers: [{}] }],
      outcomes: ['A'],
    });
    const incomplete = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, {
      ...withQuestion.quiz,
      id: quiz.id,
      name: quiz.name,
      revision: 1,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().incompleteItems).toEqual([
      expect.objectContaining({ kind: 'question', id: withQuestion.q[0], rank: 1 }),
    ]);
    expect(await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quiz.id))).toEqual([]);
  });

  it('serves the snapshot on the publish host only; edits show after Republish; Unpublish makes it 404', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const published = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz);
    expect(published.statusCode).toBe(200);
    const live = quizSchema.parse(published.json());
    expect(live).toMatchObject({
      isPublished: true,
      publishedHost: PUBLISH_HOST,
      publishedId: quiz.publishedId,
    });
    expect(live.publishedId).toMatch(/^[a-z0-9]{8}$/);

    const page = await visitor('GET', `/${live.publishedId}?utm_source=news`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Find your plan');
    expect(page.headers['set-cookie']).toBeUndefined();
    const gzipped = await t.app.inject({
      method: 'GET',
      url: `/${live.publishedId}`,
      headers: { host: PUBLISH_HOST, 'accept-encoding': 'br, gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('br');
    expect((await visitor('GET', `/${live.publishedId}`, undefined, 'localhost:3000')).body).not.toContain(
      'Find your plan',
    );
    expect((await visitor('GET', '/api/quizzes')).statusCode).toBe(404);

    const edited = { ...live, title: 'A brand new title' };
    const savedEdit = await call('PUT', `/api/quizzes/${quiz.id}`, edited);
    expect(savedEdit.statusCode).toBe(200);
    expect((await visitor('GET', `/${live.publishedId}`)).body).toContain('Find your plan');
    const republished = await call(
      'POST',
      `/accounts/${accountId}/quizzes/${quiz.id}/publish`,
      quizSchema.parse(savedEdit.json()),
    );
    expect(republished.statusCode).toBe(200);
    const after = await visitor('GET', `/${live.publishedId}`);
    expect(after.body).toContain('A brand new title');
    const versions = await t.database.db
      .select({ version: publishedSnapshots.version })
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.quizId, quiz.id));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);

    const unpublished = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/unpublish`, edited);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ isPublished: false, publishedId: live.publishedId });
    const gone = await visitor('GET', `/${live.publishedId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('</html>');
  });

  it('lets no other account publish, unpublish or preview the quiz', async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const { quiz } = await storedScoredQuiz(owner.call);
    for (const path of ['publish', 'unpublish']) {
      expect(
        (await other.call('POST', `/accounts/${other.accountId}/quizzes/${quiz.id}/${path}`, quiz))
          .statusCode,
      ).toBe(404);
      expect(
        (await other.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/${path}`, quiz))
          .statusCode,
      ).toBe(404);
    }
    const preview = await t.app.inject({
      method: 'POST',
      url: `/accounts/${owner.accountId}/quizzes/preview`,
      headers: {
        cookie: other.cookie,
        origin: APP_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ data: JSON.stringify(quiz) }).toString(),
    });
    expect(preview.statusCode).toBe(404);
  });

  it('deleting a published quiz takes it down', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const live = quizSchema.parse(
      (await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)).json(),
    );
    expect((await visitor('GET', `/${live.publishedId}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(200);
    expect((await visitor('GET', `/${live.publishedId}`)).statusCode).toBe(404);
  });

  it('renders the preview from the posted form, sandboxed and without scripts', async () => {
    const { accountId, cookie, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const preview = await t.app.inject({
      method: 'POST',
      url: `/accounts/${accountId}/quizzes/preview`,
      headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data: JSON.stringify({ ...quiz, title: 'Unsaved title' }) }).toString(),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    expect(preview.body).toContain('Unsaved title');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/accounts/${accountId}/quizzes/preview`,
      headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data=%7Bnot-json',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('custom domains', () => {
  it('serves a quiz published on a custom domain there only, and stops when the domain is removed', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const added = await call('POST', '/api/domain', { host: 'quiz.example.com' });
    expect(added.statusCode, added.body).toBe(200);
    const published = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, {
      ...quiz,
      domain: 'quiz.example.com',
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = quizSchema.parse(published.json());
    expect(live).toMatchObject({ publishedHost: 'quiz.example.com' });

    const onDomain = await visitor('GET', `/${live.publishedId}`, undefined, 'quiz.example.com');
    expect(onDomain.statusCode).toBe(200);
    expect(onDomain.body).toContain('Find your plan');
    expect((await visitor('GET', `/${live.publishedId}`)).statusCode).toBe(404);
    expect((await visitor('GET', '/api/me', undefined, 'quiz.example.com')).statusCode).toBe(404);

    const other = await signedInAccount();
    const theirs = await storedScoredQuiz(other.call);
    const refused = await other.call(
      'POST',
      `/accounts/${other.accountId}/quizzes/${theirs.quiz.id}/publish`,
      {
        ...theirs.quiz,
        domain: 'quiz.example.com',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'The domain quiz.example.com is not one of your domains. Add it on the Domains screen, or choose ' +
        '"Host with Quizbeam".',
    );

    const [domain] = listDomainsEndpoint.response.parse((await call('GET', '/api/domain')).json());
    expect((await call('DELETE', `/api/domain/${domain?.id}`)).statusCode).toBe(200);
    expect((await visitor('GET', `/${live.publishedId}`, undefined, 'quiz.example.com')).statusCode).not.toBe(
      200,
    );
  });

  it('serves a quiz on an internationalised domain to the ASCII Host browsers send', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const added = await call('POST', '/api/domain', { host: 'Bücher.example.com' });
    expect(added.statusCode, added.body).toBe(200);
    // The quiz may name the domain either way; it goes live on the stored ASCII name.
    const published = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, {
      ...quiz,
      domain: 'bücher.example.com',
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = quizSchema.parse(published.json());
    expect(live.publishedHost).toBe('xn--bcher-kva.example.com');

    for (const host of ['xn--bcher-kva.example.com', 'XN--BCHER-KVA.example.com:443']) {
      const page = await visitor('GET', `/${live.publishedId}`, undefined, host);
      expect(page.statusCode, host).toBe(200);
      expect(page.body).toContain('Find your plan');
    }
    expect((await visitor('GET', '/api/me', undefined, 'xn--bcher-kva.example.com')).statusCode).toBe(404);
  });
});
