import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { leads, publishedSnapshots } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rateLimiter';
import { liveSnapshotIdOf, PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN },
    {
      rateLimits: {
        ...defaultRateLimits,
        // Small per-quiz limits, so that several addresses can reach them in a test.
        eventsPerQuiz: { max: 30, windowMs: 10_000 },
        leadsPerQuiz: { max: 25, windowMs: 10_000 },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

interface LiveQuiz {
  owner: SignedInAccount;
  quiz: Quiz;
  snapshotId: string;
  /** Every question's second answer: 0 points. */
  answers: { questionId: number | undefined; answerId: number | undefined }[];
  /** Q1's first answer, which skips to Q3, and Q3's first: 5 points. */
  highScoring: { questionId: number | undefined; answerId: number | undefined }[];
}

async function liveQuiz(capture = true, skippable = true): Promise<LiveQuiz> {
  const owner = await t.signIn();
  const { quiz, q, a } = await storedScoredQuiz(owner.call);
  const settings = { ...quiz.leadCaptureSettings, enabled: capture, skippable };
  const published = await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, {
    ...quiz,
    leadCaptureSettings: settings,
  });
  expect(published.statusCode).toBe(200);
  return {
    owner,
    quiz: quizSchema.parse(published.json()),
    snapshotId: await liveSnapshotIdOf(t, quiz.id),
    answers: q.map((questionId, index) => ({ questionId, answerId: a[index]?.[1] })),
    highScoring: [
      { questionId: q[0], answerId: a[0]?.[0] },
      { questionId: q[2], answerId: a[2]?.[0] },
    ],
  };
}

let visits = 0;
function newVisitId(): string {
  visits += 1;
  return `visit-rules-${String(visits).padStart(10, '0')}`;
}

const post = (url: string, payload: object, remoteAddress = '198.51.100.10') =>
  t.app.inject({ method: 'POST', url, headers: { host: PUBLISH_HOST }, payload, remoteAddress });

const lead = (live: LiveQuiz, extra: object = {}, remoteAddress?: string) =>
  post(
    '/_q/leads',
    {
      snapshotId: live.snapshotId,
      visitId: newVisitId(),
      answers: live.answers,
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      pageUrl: `${PUBLISH_ORIGIN}/${live.quiz.publishedId}`,
      ...extra,
    },
    remoteAddress,
  );

const leadsOf = (quizId: string) => t.database.db.select().from(leads).where(eq(leads.quizId, quizId));

describe('results without a lead', () => {
  const complete = (live: LiveQuiz) =>
    post('/_q/complete', { snapshotId: live.snapshotId, visitId: newVisitId(), answers: live.answers });

  it('are given when the quiz has no capture form, or one the visitor may skip', async () => {
    expect((await complete(await liveQuiz(false, false))).statusCode).toBe(200);
    expect((await complete(await liveQuiz(true, true))).statusCode).toBe(200);
  });

  it('are refused when the capture form cannot be skipped: the result comes with the lead', async () => {
    const live = await liveQuiz(true, false);
    const refused = await complete(live);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('This quiz shows its result after you enter your details.');
    expect((await lead(live)).statusCode).toBe(200);
  });
});

describe('which leads are taken', () => {
  it('none when the quiz’s capture form is off', async () => {
    const live = await liveQuiz(false);
    const refused = await lead(live);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('This quiz does not collect email addresses.');
    expect(await leadsOf(live.quiz.id)).toEqual([]);
  });

  it('one per visit: repeated posts are answered alike and store nothing more', async () => {
    const live = await liveQuiz();
    const visitId = newVisitId();
    const answersGiven = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        lead(live, { visitId, email: `ada${index}@example.com` }, `198.51.100.${index + 20}`),
      ),
    );
    expect(answersGiven.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answersGiven.map((response) => response.body)).size).toBe(1);
    expect(await leadsOf(live.quiz.id)).toHaveLength(1);
  });

  it('answers a repeated post with other answers with the result stored with the lead', async () => {
    const live = await liveQuiz();
    const visitId = newVisitId();
    const first = await lead(live, { visitId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ score: 0 });
    const again = await lead(live, { visitId, answers: live.highScoring, email: 'other@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ score: 0, outcomeId: first.json().outcomeId });
    expect((await leadsOf(live.quiz.id)).map((row) => [row.email, row.score])).toEqual([
      ['ada@example.com', 0],
    ]);
  });

  it('none once the quiz is unpublished, and none on an unknown snapshot', async () => {
    const live = await liveQuiz();
    const { owner, quiz } = live;
    expect(
      (await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/unpublish`, quiz))
        .statusCode,
    ).toBe(200);
    expect((await lead(live)).statusCode).toBe(404);
    expect((await lead({ ...live, snapshotId: crypto.randomUUID() })).statusCode).toBe(404);
    const completed = await post('/_q/complete', {
      snapshotId: live.snapshotId,
      visitId: newVisitId(),
      answers: live.answers,
    });
    expect(completed.statusCode).toBe(404);
    expect(await leadsOf(quiz.id)).toEqual([]);
  });

  it('on no version once the quiz is unpublished, also not one a Republish replaced minutes ago', async () => {
    const live = await liveQuiz();
    const { owner, quiz } = live;
    const republished = await owner.call(
      'POST',
      `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`,
      quiz,
    );
    expect(republished.statusCode).toBe(200);
    // Within its grace the replaced version is asked (and its status cached) before the Unpublish.
    expect(
      (
        await post('/_q/events', {
          snapshotId: live.snapshotId,
          visitId: newVisitId(),
          events: [{ type: 'visit' }],
        })
      ).statusCode,
    ).toBe(202);
    const unpublished = await owner.call(
      'POST',
      `/accounts/${owner.accountId}/quizzes/${quiz.id}/unpublish`,
      quizSchema.parse(republished.json()),
    );
    expect(unpublished.statusCode).toBe(200);
    expect((await lead(live)).statusCode).toBe(404);
    const events = await post('/_q/events', {
      snapshotId: live.snapshotId,
      visitId: newVisitId(),
      events: [{ type: 'visit' }],
    });
    expect(events.statusCode).toBe(404);
    expect(await leadsOf(quiz.id)).toEqual([]);
  });

  it('on the snapshot a Republish replaced, for 30 minutes, so a visitor mid-quiz still finishes', async () => {
    const live = await liveQuiz();
    const { owner, quiz } = live;
    expect(
      (await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, quiz)).statusCode,
    ).toBe(200);
    expect(await liveSnapshotIdOf(t, quiz.id)).not.toBe(live.snapshotId);
    const replaced = await lead(live);
    expect(replaced.statusCode).toBe(200);
    expect(await leadsOf(quiz.id)).toHaveLength(1);

    // Another quiz whose old snapshot was replaced over 30 minutes ago takes nothing on it.
    const older = await liveQuiz();
    await older.owner.call(
      'POST',
      `/accounts/${older.owner.accountId}/quizzes/${older.quiz.id}/publish`,
      older.quiz,
    );
    await t.database.db
      .update(publishedSnapshots)
      .set({ retiredAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(publishedSnapshots.id, older.snapshotId));
    expect((await lead(older)).statusCode).toBe(404);
    expect(await leadsOf(older.quiz.id)).toEqual([]);
  });
});

describe('limits on the visitor API', () => {
  it('refuses one address past its limit with a 429 and Retry-After, not other addresses', async () => {
    const live = await liveQuiz();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof lead>> | undefined;
    for (let index = 0; index < defaultRateLimits.leadsPerIp.max + 5; index += 1) {
      const response = await lead(live, {}, '203.0.113.50');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited ??= response;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(defaultRateLimits.leadsPerIp.max);
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited?.json().error).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited?.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect((await lead(live, {}, '203.0.113.51')).statusCode).toBe(200);
    // An IPv6 client is counted by its /64, so it cannot dodge the limit by changing its last bits.
    const ipv6: number[] = [];
    for (let index = 0; index < defaultRateLimits.leadsPerIp.max + 2; index += 1) {
      ipv6.push((await lead(live, {}, `2001:db8:1:2::${index + 1}`)).statusCode);
    }
    expect(ipv6.filter((status) => status === 429)).toHaveLength(2);
  });

  it('limits one quiz however many addresses flood it, and leaves other quizzes alone', async () => {
    const flooded = await liveQuiz();
    const other = await liveQuiz();
    const events = (live: LiveQuiz, address: string) =>
      post(
        '/_q/events',
        { snapshotId: live.snapshotId, visitId: newVisitId(), events: [{ type: 'visit' }] },
        address,
      );
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1)
      statuses.push((await events(flooded, `192.0.2.${index}`)).statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect((await events(other, '192.0.2.200')).statusCode).toBe(202);

    const leadStatuses: number[] = [];
    for (let index = 0; index < 30; index += 1)
      leadStatuses.push((await lead(flooded, {}, `192.0.2.${index}`)).statusCode);
    expect(leadStatuses.filter((status) => status === 200)).toHaveLength(25);
    expect((await lead(other, {}, '192.0.2.201')).statusCode).toBe(200);
  });
});
