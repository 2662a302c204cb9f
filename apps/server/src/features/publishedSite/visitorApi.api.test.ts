import type { Quiz } from '@quizbeam/contracts/quiz';
import { type VisitorResult, visitorResultSchema } from '@quizbeam/contracts/visitorEvents';
import { leads, visitorEvents } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let visitor: ReturnType<typeof visitorOf>;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  visitor = visitorOf(t);
});
afterAll(async () => {
  await t.close();
});

const signedInAccount = () => t.signIn();

describe('what a visit records', () => {
  it('records events in batches and computes the result itself', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz, q, a, o } = await storedScoredQuiz(call);
    await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz);
    const snapshotId = await liveSnapshotIdOf(t, quiz.id);
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
      percent: 100,
      categories: [],
      showCategoryBars: false,
      descriptionIndex: 0,
      outcome: {
        type: 'text',
        title: 'Result 2: 5',
        descriptionHtml: '',
        imageUrl: null,
        shareable: false,
        cta: null,
      },
    });

    await t.flushEvents();
    const stored = await t.database.db
      .select()
      .from(visitorEvents)
      .where(eq(visitorEvents.snapshotId, snapshotId));
    expect(stored.map((row) => row.type).sort()).toEqual(['answer', 'complete', 'start', 'visit']);
    expect(stored.find((row) => row.type === 'complete')).toMatchObject({ outcomeId: o[1], score: 5 });
  });

  it('answers a completion and a lead with the outcome to show, sanitized, its description chosen and the score filled in', async () => {
    // Alternate descriptions are a Pro feature.
    const { accountId, call } = await t.signIn({ proVersion: true });
    const { quiz, q, a, o } = await storedScoredQuiz(call);
    const [low, high] = quiz.outcomes;
    if (!low || !high) throw new Error('fixture');
    const withContent: Quiz = {
      ...quiz,
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, skippable: true },
      outcomes: [
        { ...low, type: 'redirect', redirect: 'https://offers.example/starter?plan=low' },
        {
          ...high,
          name: 'Ready: [[score]] of [[maxScore]]',
          descriptions: [
            '<p>You scored <b>[[score]]</b> of [[ maxScore ]].</p><script>steal()</script>',
            'Alternate: [[score]]',
          ],
          enableSocialSharing: true,
          enableCta: true,
          ctaButtonText: 'See plans',
          ctaUrl: 'https://shop.example/plans?ref=quiz',
        },
      ],
    };
    const published = await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, withContent);
    expect(published.json()).toMatchObject({ isPublished: true });
    const snapshotId = await liveSnapshotIdOf(t, quiz.id);
    const highPath = [
      { questionId: q[0], answerId: a[0]?.[0] },
      { questionId: q[2], answerId: a[2]?.[0] },
    ];
    const complete = (visitId: string) =>
      visitor('POST', '/_q/complete', { snapshotId, visitId, answers: highPath });

    const first = visitorResultSchema.parse((await complete('visit-outcome-aaaaaaaaaaaa')).json());
    expect(first).toEqual<VisitorResult>({
      outcomeId: o[1] ?? 0,
      score: 5,
      maxScore: 5,
      percent: 100,
      categories: [],
      showCategoryBars: false,
      descriptionIndex: 0,
      outcome: {
        type: 'text',
        title: 'Ready: 5 of 5',
        descriptionHtml: '<p>You scored <b>5</b> of 5.</p>',
        imageUrl: null,
        shareable: true,
        cta: { text: 'See plans', url: 'https://shop.example/plans?ref=quiz' },
      },
    });
    // Alternate descriptions take turns between visitors.
    const second = visitorResultSchema.parse((await complete('visit-outcome-bbbbbbbbbbbb')).json());
    expect(second.descriptionIndex).toBe(1);
    expect(second.outcome).toMatchObject({ type: 'text', descriptionHtml: 'Alternate: 5' });

    const lead = await visitor('POST', '/_q/leads', {
      snapshotId,
      visitId: 'visit-outcome-cccccccccccc',
      answers: [
        { questionId: q[0], answerId: a[0]?.[1] },
        { questionId: q[1], answerId: a[1]?.[1] },
        { questionId: q[2], answerId: a[2]?.[1] },
      ],
      email: 'grace@example.com',
      name: null,
      consent: false,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
    });
    expect(lead.statusCode).toBe(200);
    expect(visitorResultSchema.parse(lead.json())).toMatchObject({
      outcomeId: o[0],
      score: 0,
      outcome: { type: 'redirect', url: 'https://offers.example/starter?plan=low' },
    });
  });

  it('commits a lead before answering, with consent text, UTM and a hashed IP; bad input stores nothing', async () => {
    const { accountId, call } = await signedInAccount();
    const { quiz, q, a, o } = await storedScoredQuiz(call);
    const withCapture: Quiz = {
      ...quiz,
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, useConfirmationCheckbox: true },
    };
    await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, withCapture);
    const snapshotId = await liveSnapshotIdOf(t, quiz.id);
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
      urlFields: { utm_source: 'news', utm_campaign: 'spring' },
      answers,
      // The quiz sends its leads nowhere yet: nothing to deliver.
      deliveryStatus: 'not_needed',
    });
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ipHash).not.toContain('127.0.0.1');

    // Deleting the quiz deletes its leads and visits too.
    await t.flushEvents();
    expect((await call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id))).toEqual([]);
    expect(await t.database.db.select().from(visitorEvents).where(eq(visitorEvents.quizId, quiz.id))).toEqual(
      [],
    );
    // A visitor whose page was open takes no lead into the deleted quiz's place.
    const late = await visitor('POST', '/_q/leads', { ...lead, visitId: 'visit-late-aaaaaaaaaaaaa' });
    expect(late.statusCode).toBe(404);
    expect(await t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id))).toEqual([]);
    // Nor events or a result: the snapshot stopped taking visitors with the delete, not when a cache expired.
    const events = await visitor('POST', '/_q/events', {
      snapshotId,
      visitId: 'visit-late-aaaaaaaaaaaaa',
      events: [{ type: 'visit' }],
    });
    expect(events.statusCode).toBe(404);
    const complete = await visitor('POST', '/_q/complete', {
      snapshotId,
      visitId: 'visit-late-aaaaaaaaaaaaa',
      answers,
    });
    expect(complete.statusCode).toBe(404);
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
