import type { Quiz } from '@quizbeam/contracts/quiz';
import { visitorEvents } from '@quizbeam/db/schema';
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

/**
 * A live scored quiz (Q1's first answer skips to Q3), with its capture form (skippable) on or off, keeping the
 * default URL fields or those given.
 */
async function liveQuiz(capture: boolean, urlFields?: Quiz['urlFields']) {
  const { accountId, call } = await t.signIn();
  const built = await storedScoredQuiz(call);
  const quiz: Quiz = {
    ...built.quiz,
    leadCaptureSettings: { ...built.quiz.leadCaptureSettings, enabled: capture, skippable: true },
    ...(urlFields ? { urlFields } : {}),
  };
  expect((await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)).statusCode).toBe(
    200,
  );
  return { ...built, quiz, snapshotId: await liveSnapshotIdOf(t, quiz.id) };
}

let visits = 0;
function newVisitId(): string {
  visits += 1;
  return `visit-rows-${String(visits).padStart(10, '0')}`;
}

/** Rows in a stable order: one insert does not promise its rows' ids follow the order they were given in. */
const sorted = <T>(rows: T[]) => [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

/** The rows stored for a visit, with the columns events fill. */
async function rowsOf(visitId: string) {
  await t.flushEvents();
  const rows = await t.database.db.select().from(visitorEvents).where(eq(visitorEvents.visitId, visitId));
  return sorted(
    rows.map(({ type, questionId, answerId, outcomeId, score, utmSource, utmCampaign, urlFields }) => ({
      type,
      questionId,
      answerId,
      outcomeId,
      score,
      utmSource,
      utmCampaign,
      urlFields,
    })),
  );
}

const row = (type: string, fields: object = {}) => ({
  type,
  questionId: null,
  answerId: null,
  outcomeId: null,
  score: null,
  utmSource: null,
  utmCampaign: null,
  urlFields: null,
  ...fields,
});

describe('the rows each visitor event writes', () => {
  it('one per event: the visit with its UTM, the start, each question shown, each answer, the capture form', async () => {
    const { snapshotId, q, a } = await liveQuiz(true);
    const visitId = newVisitId();
    const posted = await visitor('POST', '/_q/events', {
      snapshotId,
      visitId,
      events: [
        { type: 'visit', utmSource: 'newsletter', utmCampaign: 'spring' },
        { type: 'start' },
        { type: 'shown', questionId: q[0] },
        { type: 'answer', questionId: q[0], answerId: a[0]?.[0] },
        { type: 'shown', questionId: q[2] },
        // Back to Q1: shown again.
        { type: 'shown', questionId: q[0] },
        { type: 'answer', questionId: q[0], answerId: a[0]?.[1] },
        { type: 'capture' },
      ],
    });
    expect(posted.statusCode).toBe(202);
    expect(await rowsOf(visitId)).toEqual(
      sorted([
        row('visit', { utmSource: 'newsletter', utmCampaign: 'spring' }),
        row('start'),
        row('shown', { questionId: q[0] }),
        row('answer', { questionId: q[0], answerId: a[0]?.[0] }),
        row('shown', { questionId: q[2] }),
        row('shown', { questionId: q[0] }),
        row('answer', { questionId: q[0], answerId: a[0]?.[1] }),
        row('capture'),
      ]),
    );

    const withoutUtm = newVisitId();
    await visitor('POST', '/_q/events', { snapshotId, visitId: withoutUtm, events: [{ type: 'visit' }] });
    expect(await rowsOf(withoutUtm)).toEqual([row('visit')]);
  });

  it('stores UTM values exactly: commas, quotes, braces, backslashes, unicode and the word NULL', async () => {
    const { snapshotId } = await liveQuiz(false);
    const values = [
      ['a,b "quoted" {braces}', "it's \\ back\\slash"],
      ['NULL', 'été 🌞 日本語 \u200b'],
      [' spaced ', 'tab\there, newline\nthere'],
      ['x'.repeat(100), '🌞'.repeat(50)],
    ];
    const visitIds = values.map(() => newVisitId());
    // Queued together and written by one flush: each value sits among the others in one insert.
    for (const [index, [utmSource, utmCampaign]] of values.entries()) {
      const events = [{ type: 'visit', utmSource, utmCampaign }];
      const posted = await visitor('POST', '/_q/events', { snapshotId, visitId: visitIds[index], events });
      expect(posted.statusCode).toBe(202);
    }
    for (const [index, [utmSource, utmCampaign]] of values.entries()) {
      expect(await rowsOf(visitIds[index] ?? '')).toEqual([row('visit', { utmSource, utmCampaign })]);
    }
  });

  it('refuses a UTM value over 100 characters, and the whole batch with it', async () => {
    const { snapshotId } = await liveQuiz(false);
    const visitId = newVisitId();
    for (const visit of [
      { type: 'visit', utmSource: 'x'.repeat(101) },
      { type: 'visit', utmCampaign: 'x'.repeat(101) },
      { type: 'visit', utmSource: 7 },
    ]) {
      const refused = await visitor('POST', '/_q/events', {
        snapshotId,
        visitId,
        events: [{ type: 'start' }, visit],
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await rowsOf(visitId)).toEqual([]);
  });

  it('stores the URL fields the quiz keeps on the visit event, and no others', async () => {
    const { snapshotId } = await liveQuiz(false, [{ name: 'ref' }, { name: 'utm_source' }, { name: 'p.id' }]);
    const visitId = newVisitId();
    const awkward = `a,b "c" {d} \\e 'f' NULL 😀 ${'x'.repeat(60)}`;
    const posted = await visitor('POST', '/_q/events', {
      snapshotId,
      visitId,
      events: [
        {
          type: 'visit',
          utmSource: 'fb',
          urlFields: { utm_source: 'fb', ref: awkward, 'p.id': '', gclid: 'not kept by this quiz' },
        },
      ],
    });
    expect(posted.statusCode).toBe(202);
    expect(await rowsOf(visitId)).toEqual([
      row('visit', { utmSource: 'fb', urlFields: { ref: awkward, utm_source: 'fb' } }),
    ]);

    // Nothing kept: no URL fields at all, as for a page from before them.
    const nothingKept = newVisitId();
    const events = [{ type: 'visit', urlFields: { gclid: 'abc', ref: '' } }];
    await visitor('POST', '/_q/events', { snapshotId, visitId: nothingKept, events });
    expect(await rowsOf(nothingKept)).toEqual([row('visit')]);
  });

  it('refuses URL fields over 100 characters, more than 20, or a name that is not one', async () => {
    const { snapshotId } = await liveQuiz(false);
    const visitId = newVisitId();
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`field${index}`, 'x']));
    for (const urlFields of [{ gclid: 'x'.repeat(101) }, tooMany, { 'not a name': 'x' }, { gclid: 7 }]) {
      const refused = await visitor('POST', '/_q/events', {
        snapshotId,
        visitId,
        events: [{ type: 'start' }, { type: 'visit', urlFields }],
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await rowsOf(visitId)).toEqual([]);
  });

  it('refuses a question shown or answered that is not in the quiz, and more than 50 events', async () => {
    const { snapshotId, q, a } = await liveQuiz(true);
    const visitId = newVisitId();
    const post = (events: object[]) => visitor('POST', '/_q/events', { snapshotId, visitId, events });
    const unknownQuestion = Math.max(...q, ...a.flat()) + 1;
    for (const events of [
      [{ type: 'shown', questionId: unknownQuestion }],
      // An answer's id is not a question's.
      [{ type: 'start' }, { type: 'shown', questionId: a[0]?.[0] }],
      [{ type: 'answer', questionId: unknownQuestion, answerId: a[0]?.[0] }],
      [{ type: 'shown' }],
      [{ type: 'shown', questionId: 'one' }],
      Array.from({ length: 51 }, () => ({ type: 'shown', questionId: q[0] })),
    ]) {
      expect((await post(events)).statusCode).toBe(400);
    }
    expect(await rowsOf(visitId)).toEqual([]);
    expect(
      (await post(Array.from({ length: 50 }, () => ({ type: 'shown', questionId: q[1] })))).statusCode,
    ).toBe(202);
    expect(await rowsOf(visitId)).toHaveLength(50);
  });

  it('a completion writes its complete row; a lead writes complete and lead rows once, however often it is posted', async () => {
    const { quiz, snapshotId, q, a, o } = await liveQuiz(true);
    const answers = [
      { questionId: q[0], answerId: a[0]?.[0] },
      { questionId: q[2], answerId: a[2]?.[0] },
    ];
    const completed = newVisitId();
    const complete = await visitor('POST', '/_q/complete', { snapshotId, visitId: completed, answers });
    expect(complete.statusCode).toBe(200);
    expect(await rowsOf(completed)).toEqual([row('complete', { outcomeId: o[1], score: 5 })]);

    const captured = newVisitId();
    const lead = {
      snapshotId,
      visitId: captured,
      answers,
      email: 'ada@example.com',
      name: 'Ada',
      consent: false,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}?utm_source=news`,
    };
    for (const email of ['ada@example.com', 'ada@example.com', 'other@example.com']) {
      expect((await visitor('POST', '/_q/leads', { ...lead, email })).statusCode).toBe(200);
    }
    expect(await rowsOf(captured)).toEqual(
      sorted([row('complete', { outcomeId: o[1], score: 5 }), row('lead', { outcomeId: o[1], score: 5 })]),
    );
  });
});
