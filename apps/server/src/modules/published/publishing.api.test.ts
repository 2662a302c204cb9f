import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { leads, liveQuizzes, publishedSnapshots, visitorEvents } from '@quizbeam/db/schema';
import { buildQuiz } from '@quizbeam/quiz-engine/testFixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type ApiCall, startTestApp, type TestApp } from '../../testing/testApp';
import { startTestDnsServer, type TestDnsServer } from '../domains/testDnsServer';

const PUBLISH_HOST = 'quizzes.test:4000';
const PUBLISH_ORIGIN = `http://${PUBLISH_HOST}`;

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ 'quiz.example.com': { cname: 'quizzes.test.' } });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const signedInAccount = () => t.signIn();

/** A scored quiz with a branch: Q1's first answer (3 points) skips to Q3; outcomes 0-2 and 3-10. */
async function storedScoredQuiz(
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

const visitor = (method: 'GET' | 'POST', url: string, payload?: object, host = PUBLISH_HOST) =>
  t.app.inject({
    method,
    url,
    headers: { host, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });

async function liveSnapshotIdOf(quizId: string): Promise<string> {
  const [row] = await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quizId));
  if (!row) throw new Error('not live');
  return row.snapshotId;
}

describe('publishing', () => {
  it('refuses an incomplete quiz with the items to complete, and publishes nothing', async () => {
    const { accountId, call } = await signedInAccount();
    const created = await call('POST', '/api/quizzes', { name: 'Empty', type: 'general' });
    const quiz = (
      await call('GET', `/api/quizzes/${(created.json() as { quizId: string }).quizId}`)
    ).json() as Quiz;
    const refused = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', incompleteItems: [] });
    const withQuestion = buildQuiz({
      type: 'general',
      questions: [{ text: '', answers: [{}] }],
      outcomes: ['A'],
    });
    const incomplete = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, {
      ...withQuestion.quiz,
      id: quiz.id,
      name: quiz.name,
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
    const live = published.json() as Quiz;
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
    expect((await call('PUT', `/api/quizzes/${quiz.id}`, edited)).statusCode).toBe(200);
    expect((await visitor('GET', `/${live.publishedId}`)).body).toContain('Find your plan');
    const republished = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, edited);
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
    const live = (
      await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)
    ).json() as Quiz;
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

/** A real HTTP request (inject() bypasses the HTTP server, and with it the in-memory fast path). */
function httpGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('serving from memory', () => {
  it('answers a cached page from the HTTP server with the same bytes and headers as Fastify', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz } = await storedScoredQuiz(call);
    const live = (
      await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)
    ).json() as Quiz;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const headers = { host: PUBLISH_HOST, 'accept-encoding': 'gzip' };
    const loaded = await httpGet(port, `/${live.publishedId}`, headers);
    const fromMemory = await httpGet(port, `/${live.publishedId}?utm_source=x`, headers);
    expect(loaded.status).toBe(200);
    expect(fromMemory.status).toBe(200);
    expect(fromMemory.body.equals(loaded.body)).toBe(true);
    expect(gunzipSync(fromMemory.body).toString()).toContain('Find your plan');
    for (const name of [
      'content-type',
      'cache-control',
      'etag',
      'vary',
      'content-encoding',
      'content-length',
    ]) {
      expect(fromMemory.headers[name], name).toBe(loaded.headers[name]);
    }
    // The fast path skips Fastify, whose Server-Timing header shows it was not involved.
    expect(loaded.headers['server-timing']).toBeDefined();
    expect(fromMemory.headers['server-timing']).toBeUndefined();
    const onAppHost = await httpGet(port, `/${live.publishedId}`, { host: 'localhost:3000' });
    expect(onAppHost.body.toString()).not.toContain('Find your plan');
  });
});

describe('what a visit records', () => {
  it('records events in batches and computes the result itself', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz, q, a, o } = await storedScoredQuiz(call);
    await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz);
    const snapshotId = await liveSnapshotIdOf(quiz.id);
    const visitId = 'visit-aaaaaaaaaaaaaaaa';
    const q1 = q[0] ?? 0;
    const q3 = q[2] ?? 0;
    const answerQ1 = a[0]?.[0] ?? 0;
    const answerQ3 = a[2]?.[0] ?? 0;

    const events = await visitor('POST', '/_q/events', {
      snapshotId,
      visitId,
      events: [{ type: 'visit' }, { type: 'start' }, { type: 'answer', questionId: q1, answerId: answerQ1 }],
    });
    expect(events.statusCode).toBe(202);
    const wrongAnswer = await visitor('POST', '/_q/events', {
      snapshotId,
      visitId,
      events: [{ type: 'answer', questionId: q1, answerId: answerQ3 }],
    });
    expect(wrongAnswer.statusCode).toBe(400);

    // Q1's first answer jumps to Q3: a path through Q2 is refused.
    const offPath = await visitor('POST', '/_q/complete', {
      snapshotId,
      visitId,
      answers: [
        { questionId: q1, answerId: answerQ1 },
        { questionId: q[1], answerId: a[1]?.[0] },
      ],
    });
    expect(offPath.statusCode).toBe(400);
    const unfinished = await visitor('POST', '/_q/complete', {
      snapshotId,
      visitId,
      answers: [{ questionId: q1, answerId: answerQ1 }],
    });
    expect(unfinished.statusCode).toBe(400);

    const complete = await visitor('POST', '/_q/complete', {
      snapshotId,
      visitId,
      answers: [
        { questionId: q1, answerId: answerQ1 },
        { questionId: q3, answerId: answerQ3 },
      ],
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toEqual<VisitorResult>({
      outcomeId: o[1] ?? 0,
      score: 5,
      maxScore: 5,
      descriptionIndex: 0,
    });

    await new Promise((resolve) => setTimeout(resolve, 400));
    const stored = await t.database.db
      .select()
      .from(visitorEvents)
      .where(eq(visitorEvents.snapshotId, snapshotId));
    expect(stored.map((row) => row.type).sort()).toEqual(['answer', 'complete', 'start', 'visit']);
    expect(stored.find((row) => row.type === 'complete')).toMatchObject({ outcomeId: o[1], score: 5 });
  });

  it('commits a lead before answering, with consent text, UTM and a hashed IP; bad input stores nothing', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz, q, a, o } = await storedScoredQuiz(call);
    const withCapture: Quiz = {
      ...quiz,
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, useConfirmationCheckbox: true },
    };
    await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, withCapture);
    const snapshotId = await liveSnapshotIdOf(quiz.id);
    const answers = [
      { questionId: q[0], answerId: a[0]?.[1] },
      { questionId: q[1], answerId: a[1]?.[1] },
      { questionId: q[2], answerId: a[2]?.[1] },
    ];
    const lead = {
      snapshotId,
      visitId: 'visit-bbbbbbbbbbbbbbbb',
      answers,
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}?utm_source=news&utm_campaign=spring&other=x`,
    };
    for (const bad of [
      { ...lead, email: 'not-an-email' },
      { ...lead, consent: false },
      { ...lead, answers: answers.slice(0, 2) },
    ]) {
      expect((await visitor('POST', '/_q/leads', bad)).statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id))).toEqual([]);

    const stored = await visitor('POST', '/_q/leads', lead);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ outcomeId: o[0], score: 0 });
    const [row] = await t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id));
    expect(row).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      consentText: 'I confirm I have read the Privacy Policy and understand how my data will be used.',
      outcomeId: o[0],
      score: 0,
      snapshotVersion: 1,
      utm: { utm_source: 'news', utm_campaign: 'spring' },
      answers,
      deliveryStatus: 'pending',
    });
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ipHash).not.toContain('127.0.0.1');

    // Deleting the quiz deletes its leads and visits too.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id))).toEqual([]);
    expect(await t.database.db.select().from(visitorEvents).where(eq(visitorEvents.quizId, quiz.id))).toEqual(
      [],
    );
  });

  it('refuses the visitor API on the builder host and for unknown snapshots', async () => {
    const unknown = await visitor('POST', '/_q/complete', {
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-cccccccccccccccc',
      answers: [{ questionId: 1, answerId: 2 }],
    });
    expect(unknown.statusCode).toBe(404);
    const onApp = await t.app.inject({
      method: 'POST',
      url: '/_q/events',
      headers: { host: 'localhost:3000', origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: {
        snapshotId: crypto.randomUUID(),
        visitId: 'visit-cccccccccccccccc',
        events: [{ type: 'visit' }],
      },
    });
    expect(onApp.statusCode).toBe(404);
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
    const live = published.json() as Quiz;
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

    const [domain] = (await call('GET', '/api/domain')).json() as { id: string }[];
    expect((await call('DELETE', `/api/domain/${domain?.id}`)).statusCode).toBe(200);
    expect((await visitor('GET', `/${live.publishedId}`, undefined, 'quiz.example.com')).statusCode).not.toBe(
      200,
    );
  });
});
