import {
  type AnalyticsResult,
  quizAnalyticsCsvEndpoint,
  quizAnalyticsEndpoint,
  quizAnalyticsTextsEndpoint,
} from '@quizbeam/contracts/analytics';
import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorEvent } from '@quizbeam/contracts/visitorEvents';
import { publishedSnapshots, visitorEvents } from '@quizbeam/db/schema';
import {
  type EventResponse,
  type RawVisitorEvent,
  totalFigures,
  visitFigures,
} from '@quizbeam/quiz-engine/analytics/visitFigures';
import { answerDefaultRule } from '@quizbeam/quiz-engine/newQuiz';
import { defaultRatingRanges } from '@quizbeam/quiz-engine/questionTypes';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishQuiz, sendVisit, startAnalyticsTestApp } from '../../testing/analytics';
import type { Visit } from '../../testing/analyticsVisits';
import { visitorOf } from '../../testing/publishing';
import type { SignedInAccount, TestApp } from '../../testing/testApp';
import { rebuildQuizAnalytics } from './rollups/rebuildQuizAnalytics';

/*
 * Analytics and the responses CSV for every question type: events of each shape through the visitor API,
 * the rollups they move (checked against the reference arithmetic and a rebuild), the figures, the text
 * search and the CSV's columns.
 */

let t: TestApp;
let owner: SignedInAccount;
beforeAll(async () => {
  t = await startAnalyticsTestApp();
  owner = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

interface TypesQuiz {
  quiz: Quiz;
  snapshotId: string;
  /** Question ids: channels (multi), recommend (rating), employees (number), comments (text), country. */
  q: { channels: number; recommend: number; employees: number; comments: number; country: number };
  /** Answer ids of the channels question (ads, search, social) and the country question. */
  channel: { ads: number; search: number; social: number };
  country: { france: number; germany: number; spain: number };
}

/**
 * A scored assessment with two categories: several channels (Social skips the rating), a 0-10 rating, a
 * number of employees in two point ranges, an optional comment and a country from a dropdown.
 */
async function publishTypesQuiz(): Promise<TypesQuiz> {
  const created = await owner.call('POST', '/api/quizzes', { name: 'Assessment', type: 'scored' });
  const { quizId } = created.json() as { quizId: string };
  const stored = (await owner.call('GET', `/api/quizzes/${quizId}`)).json() as Quiz;
  const built = buildQuiz({
    type: 'scored',
    questions: [
      {
        text: 'Which channels do you use?',
        answers: [
          { text: 'Ads', points: 2 },
          { text: 'Search', points: 1 },
          { text: 'Social', points: 3, to: 2 },
        ],
      },
      { text: 'How likely are you to recommend us?' },
      { text: 'How many employees?' },
      { text: 'Anything else?' },
      { text: 'Where are you based?', answers: [{ text: 'France' }, { text: 'Germany' }, { text: 'Spain' }] },
    ],
    outcomes: [{ from: 0, to: 100 }],
  });
  const categories = [
    { id: built.quiz.nextId, name: 'Strategy' },
    { id: built.quiz.nextId + 1, name: 'Execution' },
  ];
  const [strategy, execution] = categories.map((category) => category.id);
  const typed: Partial<Question>[] = [
    { type: 'multi_list', selection: { min: 1, max: 2 }, category: strategy },
    {
      type: 'rating',
      answers: [],
      rating: { kind: 'zero_to_ten', lowLabel: 'Never', highLabel: 'Surely' },
      ranges: defaultRatingRanges({ kind: 'zero_to_ten', lowLabel: '', highLabel: '' }, answerDefaultRule),
      category: execution,
    },
    {
      type: 'number_input',
      answers: [],
      number: { min: 1, max: 5000, step: 1, unit: 'employees', display: 'field' },
      ranges: [
        { from: 1, to: 49, points: 1, outcome: null, next: answerDefaultRule() },
        { from: 50, to: 5000, points: 3, outcome: null, next: answerDefaultRule() },
      ],
      category: execution,
    },
    { type: 'text_input', answers: [], multiline: true, optional: true },
    { type: 'dropdown' },
  ];
  const quiz: Quiz = {
    ...built.quiz,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    nextId: built.quiz.nextId + 2,
    categories,
    questions: built.quiz.questions.map((question, index) => ({ ...question, ...typed[index] })),
    outcomes: built.quiz.outcomes.map((outcome) => ({
      ...outcome,
      name: 'Execution [[percent:Execution]]%',
    })),
    leadCaptureSettings: {
      ...built.quiz.leadCaptureSettings,
      enabled: true,
      skippable: true,
      captureName: true,
    },
  };
  const saved = await owner.call('PUT', `/api/quizzes/${quiz.id}`, quiz);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await publishQuiz(t, owner, saved.json() as Quiz);
  const [channels = 0, recommend = 0, employees = 0, comments = 0, country = 0] = built.q;
  const [ads = 0, search = 0, social = 0] = built.a[0] ?? [];
  const [france = 0, germany = 0, spain = 0] = built.a[4] ?? [];
  return {
    ...published,
    q: { channels, recommend, employees, comments, country },
    channel: { ads, search, social },
    country: { france, germany, spain },
  };
}

const LONG_COMMENT = `Too long to read? ${'x'.repeat(600)}`;

/**
 * Four visits, each written before the next starts: two choose several channels, one goes Back and
 * changes its channels (so its rating is left off its path), one leaves with a long comment; one lead.
 */
function fourVisits({ q, channel, country }: TypesQuiz): Visit[] {
  const shownAndAnswered = (
    questionId: number,
    answer: Omit<VisitorEvent & { type: 'answer' }, 'type' | 'questionId'>,
  ) =>
    [
      { type: 'shown', questionId },
      { type: 'answer', questionId, ...answer },
    ] as VisitorEvent[];
  const events = (...list: VisitorEvent[][]) => ({ kind: 'events' as const, events: list.flat() });
  const opening: VisitorEvent[] = [{ type: 'visit' }, { type: 'start' }];
  return [
    {
      visitId: 'types-visit-000000001',
      actions: [
        events(
          opening,
          shownAndAnswered(q.channels, { answerIds: [channel.ads, channel.search] }),
          shownAndAnswered(q.recommend, { value: 9 }),
          shownAndAnswered(q.employees, { value: 12 }),
          shownAndAnswered(q.comments, { text: '=HYPERLINK("x")' }),
          shownAndAnswered(q.country, { answerId: country.france }),
        ),
        {
          kind: 'lead',
          answers: [
            { questionId: q.channels, answerIds: [channel.ads, channel.search] },
            { questionId: q.recommend, value: 9 },
            { questionId: q.employees, value: 12 },
            { questionId: q.comments, text: '=HYPERLINK("x")' },
            { questionId: q.country, answerId: country.france },
          ],
          email: 'ada@example.com',
          name: 'Ada',
        },
      ],
    },
    {
      visitId: 'types-visit-000000002',
      actions: [
        events(
          opening,
          shownAndAnswered(q.channels, { answerIds: [channel.ads] }),
          shownAndAnswered(q.recommend, { value: 4 }),
          // Back to the channels: Social skips the rating.
          shownAndAnswered(q.channels, { answerIds: [channel.social] }),
          shownAndAnswered(q.employees, { value: 250 }),
          shownAndAnswered(q.comments, { text: '' }),
          shownAndAnswered(q.country, { answerId: country.germany }),
        ),
        {
          kind: 'complete',
          answers: [
            { questionId: q.channels, answerIds: [channel.social] },
            { questionId: q.employees, value: 250 },
            { questionId: q.comments, text: '' },
            { questionId: q.country, answerId: country.germany },
          ],
        },
      ],
    },
    {
      visitId: 'types-visit-000000003',
      actions: [
        events(
          opening,
          shownAndAnswered(q.channels, { answerIds: [channel.search] }),
          shownAndAnswered(q.recommend, { value: 9 }),
          shownAndAnswered(q.employees, { value: 30 }),
          shownAndAnswered(q.comments, { text: LONG_COMMENT }),
          [{ type: 'shown', questionId: q.country }],
        ),
      ],
    },
    {
      visitId: 'types-visit-000000004',
      actions: [
        events(
          opening,
          shownAndAnswered(q.channels, { answerIds: [channel.ads, channel.social] }),
          shownAndAnswered(q.employees, { value: 4000 }),
          shownAndAnswered(q.comments, { text: 'Great SUPPORT team' }),
          shownAndAnswered(q.country, { answerId: country.spain }),
        ),
        {
          kind: 'complete',
          answers: [
            { questionId: q.channels, answerIds: [channel.ads, channel.social] },
            { questionId: q.employees, value: 4000 },
            { questionId: q.comments, text: 'Great SUPPORT team' },
            { questionId: q.country, answerId: country.spain },
          ],
        },
      ],
    },
  ];
}

/** Sends the visits one after the other, each stored before the next, so their start times are in order. */
async function sendInOrder(published: TypesQuiz, visits: Visit[]) {
  for (const visit of visits) {
    await sendVisit(t, published.snapshotId, visit);
    await t.flushEvents();
  }
}

const paramsOf = (quizId: string) => ({ account: owner.accountId, id: quizId });
const analyticsOf = async (quizId: string): Promise<AnalyticsResult> =>
  (await owner.send(quizAnalyticsEndpoint, { params: paramsOf(quizId) })).data();

/** The quiz's stored events as the reference arithmetic takes them, the responses included. */
async function storedEventsOf(quizId: string): Promise<RawVisitorEvent[]> {
  const rows = await t.database.db
    .select({ event: visitorEvents, version: publishedSnapshots.version })
    .from(visitorEvents)
    .innerJoin(publishedSnapshots, eq(publishedSnapshots.id, visitorEvents.snapshotId))
    .where(eq(visitorEvents.quizId, quizId))
    .orderBy(asc(visitorEvents.id));
  return rows.map(({ event, version }) => ({
    ...event,
    version,
    at: event.createdAt,
    response: event.response as EventResponse | null,
    urlFields: event.urlFields as Record<string, string> | null,
  }));
}

/** The quiz's counters summed over days and versions, `metric|item` → value (zeros left out). */
async function counterTotalsOf(quizId: string): Promise<Record<string, number>> {
  const result = await t.database.db.execute(sql`
    select metric || '|' || item as key, sum(value)::int as value from analytics_counters
    where quiz_id = ${quizId}::uuid group by metric, item having sum(value) <> 0`);
  const rows = (result as unknown as { rows: { key: string; value: number }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.value)]));
}

let published: TypesQuiz;
let result: AnalyticsResult;
describe('analytics of every question type', () => {
  beforeAll(async () => {
    published = await publishTypesQuiz();
    await sendInOrder(published, fourVisits(published));
    result = await analyticsOf(published.quiz.id);
  });

  it('stores each answer event with its response, and counts what the reference arithmetic counts', async () => {
    const { q, channel } = published;
    const answers = (await storedEventsOf(published.quiz.id)).filter(
      (event) => event.type === 'answer' && event.visitId === 'types-visit-000000002',
    );
    expect(answers.map((event) => [event.questionId, event.answerId, event.response])).toEqual([
      [q.channels, null, { answerIds: [channel.ads] }],
      [q.recommend, null, { value: 4 }],
      [q.channels, null, { answerIds: [channel.social] }],
      [q.employees, null, { value: 250 }],
      [q.comments, null, { text: '' }],
      [q.country, published.country.germany, null],
    ]);
    const reference = Object.fromEntries(totalFigures(visitFigures(await storedEventsOf(published.quiz.id))));
    expect(await counterTotalsOf(published.quiz.id)).toEqual(reference);
  });

  it('counts each answer chosen of a multi-select question, as a share of the visits that answered it', () => {
    const [channels, , , , country] = result.questions;
    expect(channels).toMatchObject({ type: 'multi_list', count: 4, reached: 4 });
    expect(channels?.answers.map((answer) => [answer.text, answer.count, answer.percentage])).toEqual([
      ['Ads', 2, 50],
      ['Search', 2, 50],
      ['Social', 2, 50],
    ]);
    expect(channels?.histogram).toBeUndefined();
    expect(country).toMatchObject({ type: 'dropdown', count: 3 });
    expect(country?.answers.map((answer) => [answer.text, answer.count, answer.percentage])).toEqual([
      ['France', 1, 33.3],
      ['Germany', 1, 33.3],
      ['Spain', 1, 33.3],
    ]);
  });

  it('gives a rating a bar per value of its scale, and a number a bar per value when few, with medians', () => {
    const [, recommend, employees] = result.questions;
    expect(recommend).toMatchObject({ type: 'rating', count: 3, answers: [] });
    expect(recommend?.histogram).toEqual({
      bars: Array.from({ length: 11 }, (_, value) => ({
        from: value,
        to: value,
        count: value === 9 ? 2 : value === 4 ? 1 : 0,
      })),
      median: 9,
      unit: '',
    });
    expect(employees).toMatchObject({ type: 'number_input', count: 4, answers: [] });
    expect(employees?.histogram).toEqual({
      bars: [12, 30, 250, 4000].map((value) => ({ from: value, to: value, count: 1 })),
      median: 140,
      unit: 'employees',
    });
  });

  it('lists the latest text answers that are not empty, newest first, cut to a preview', () => {
    const comments = result.questions[3];
    expect(comments).toMatchObject({ type: 'text_input', count: 4, answers: [] });
    expect(comments?.latestTexts?.map((answer) => [answer.text, answer.truncated])).toEqual([
      ['Great SUPPORT team', false],
      [LONG_COMMENT.slice(0, 500), true],
      ['=HYPERLINK("x")', false],
    ]);
    const times = comments?.latestTexts?.map((answer) => Date.parse(answer.startedAt)) ?? [];
    expect(times).toEqual([...times].sort((left, right) => right - left));
  });

  it('searches a text question’s answers on the server, whatever the letter case', async () => {
    const search = async (query: Record<string, string>) =>
      owner.send(quizAnalyticsTextsEndpoint, {
        params: paramsOf(published.quiz.id),
        query: { question: String(published.q.comments), ...query },
      });
    const texts = async (q: string) => (await search({ q })).data().texts.map((answer) => answer.text);
    expect(await texts('support')).toEqual(['Great SUPPORT team']);
    expect(await texts('HYPERLINK("')).toEqual(['=HYPERLINK("x")']);
    // Beyond the preview: the search reads the whole answer.
    expect(await texts('xxxxxxxxxx')).toEqual([LONG_COMMENT.slice(0, 500)]);
    expect(await texts('%')).toEqual([]);
    expect(await texts('  ')).toHaveLength(3);
    expect((await search({ q: 'support', version: '2' })).data().texts).toEqual([]);

    const refused = await search({ q: 'x'.repeat(101) });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      expect.objectContaining({
        code: 'validation_failed',
        error: expect.stringContaining('querystring/q: Search for at most 100 characters.'),
      }),
    ]);
    const malformed = await search({ question: 'comments' });
    expect([malformed.statusCode, malformed.json()]).toEqual([
      400,
      expect.objectContaining({ error: expect.stringContaining('querystring/question') }),
    ]);
    for (const question of [published.q.recommend, 999_999]) {
      const missing = await search({ question: String(question) });
      expect([question, missing.statusCode]).toEqual([question, 404]);
    }
  });

  it('keeps its rollups equal to a rebuild from the raw events', async () => {
    const quizId = published.quiz.id;
    const visitAnswers = async () =>
      (
        (await t.database.db.execute(
          sql`select visit_id, answers from analytics_visits where quiz_id = ${quizId}::uuid order by visit_id`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const live = { counters: await counterTotalsOf(quizId), visits: await visitAnswers() };
    expect(live.visits).toContainEqual({
      visit_id: 'types-visit-000000002',
      answers: {
        [published.q.channels]: [published.channel.social],
        [published.q.recommend]: { value: 4 },
        [published.q.employees]: { value: 250 },
        [published.q.comments]: { text: '' },
        [published.q.country]: published.country.germany,
      },
    });
    await t.database.db.execute(sql`delete from analytics_counters where quiz_id = ${quizId}::uuid`);
    await rebuildQuizAnalytics(t.database.db, quizId);
    expect({ counters: await counterTotalsOf(quizId), visits: await visitAnswers() }).toEqual(live);
  });

  it('writes a column per question and per category in the responses CSV, texts made inert', async () => {
    // The default URL fields besides the UTM columns, none of which these visits had.
    const NO_URL_FIELDS = ',,,,,,,';
    const csv = await owner.send(quizAnalyticsCsvEndpoint, { params: paramsOf(published.quiz.id) });
    const [header, ...rows] = csv.body.slice(1).split('\r\n');
    expect(header).toBe(
      'Time (UTC),Version,Which channels do you use?,How likely are you to recommend us?,How many employees?,' +
        'Anything else?,Where are you based?,Outcome,Score,Category: Strategy,Category: Execution,' +
        'Lead Email,Lead Name,UTM Source,UTM Campaign,utm_medium,utm_term,utm_content,gclid,fbclid,ttclid,msclkid',
    );
    expect(rows.pop()).toBe('');
    // The lead's stored scores; a finished visit without a lead scored from its path only (its rating
    // was left behind by Back); a visit that did not finish has no result.
    expect(rows.map((row) => row.slice(20))).toEqual([
      `1,Ads; Search,9,12 employees,"'=HYPERLINK(""x"")",France,Execution 77%,13,3 (60%),10 (77%),ada@example.com,Ada,,${NO_URL_FIELDS}`,
      `1,Social,4,250 employees,,Germany,Execution 23%,6,3 (60%),3 (23%),,,,${NO_URL_FIELDS}`,
      `1,Search,9,30 employees,${LONG_COMMENT},,,,,,,,,${NO_URL_FIELDS}`,
      `1,Ads; Social,,4000 employees,Great SUPPORT team,Spain,Execution 23%,8,5 (100%),3 (23%),,,,${NO_URL_FIELDS}`,
    ]);
  });
});

describe('the histogram of a number question given many different values', () => {
  it('groups them in at most ten equal bars with round bounds, and gives their median', async () => {
    const many = await publishTypesQuiz();
    const values = [1, 3, 7, 12, 18, 25, 33, 48, 61, 77, 95, 140];
    await sendInOrder(
      many,
      values.map((value, index) => ({
        visitId: `number-visit-${String(index).padStart(8, '0')}`,
        actions: [
          {
            kind: 'events',
            events: [
              { type: 'visit' },
              { type: 'start' },
              { type: 'shown', questionId: many.q.employees },
              { type: 'answer', questionId: many.q.employees, value },
            ],
          },
        ],
      })),
    );
    const employees = (await analyticsOf(many.quiz.id)).questions[2];
    expect(employees?.histogram).toEqual({
      bars: [0, 20, 40, 60, 80, 100, 120, 140].map((from, index) => ({
        from,
        to: from + 20,
        count: [5, 2, 1, 2, 1, 0, 0, 1][index],
      })),
      median: 29,
      unit: 'employees',
    });
  });
});

describe('answer events that do not fit their question', () => {
  it('are refused with a 400, the whole batch with them', async () => {
    const { snapshotId, q, channel, country } = await publishTypesQuiz();
    const visitId = 'refused-visit-00000001';
    const post = (answer: object) =>
      visitorOf(t)('POST', '/_q/events', {
        snapshotId,
        visitId,
        events: [{ type: 'visit' }, { type: 'answer', ...answer }],
      });
    const misfits = [
      // A shape of another type.
      { questionId: q.recommend, answerIds: [channel.ads] },
      { questionId: q.channels, answerId: channel.ads },
      { questionId: q.channels, value: 3 },
      { questionId: q.country, text: 'France' },
      { questionId: q.comments, value: 1 },
      // Values the question does not offer, choices it does not allow.
      { questionId: q.recommend, value: 11 },
      { questionId: q.recommend, value: 4.5 },
      { questionId: q.employees, value: 0 },
      { questionId: q.employees, value: 12.5 },
      { questionId: q.channels, answerIds: [channel.ads, channel.search, channel.social] },
      { questionId: q.channels, answerIds: [channel.ads, channel.ads] },
      { questionId: q.channels, answerIds: [country.france] },
      { questionId: q.channels, answerIds: [] },
      { questionId: q.comments, text: 'x'.repeat(2001) },
      // None, or two at once.
      { questionId: q.recommend },
      { questionId: q.recommend, value: 4, text: 'four' },
    ];
    for (const answer of misfits) {
      const refused = await post(answer);
      expect([answer, refused.statusCode]).toEqual([answer, 400]);
      expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    }
    await t.flushEvents();
    expect(
      await t.database.db.select().from(visitorEvents).where(eq(visitorEvents.visitId, visitId)),
    ).toEqual([]);
  });
});
