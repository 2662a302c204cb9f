import { type AnalyticsResult, quizAnalyticsEndpoint } from '@quizbeam/contracts/analytics';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { randomSource } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publishBranchingQuiz,
  publishQuiz,
  rawEventsOf,
  sendVisit,
  startAnalyticsTestApp,
} from '../../testing/analytics';
import { expectResultToMatchEvents } from '../../testing/analyticsExpectations';
import { knownVisits, randomVisit } from '../../testing/analyticsVisits';
import type { SignedInAccount, TestApp } from '../../testing/testApp';

let t: TestApp;
let owner: SignedInAccount;
beforeAll(async () => {
  t = await startAnalyticsTestApp();
  owner = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

const analyticsOf = async (quizId: string, query: Record<string, string> = {}): Promise<AnalyticsResult> =>
  (
    await owner.send(quizAnalyticsEndpoint, { params: { account: owner.accountId, id: quizId }, query })
  ).data();

describe('the Analytics figures', () => {
  it('counts a known set of visits down different paths, with Back, the capture form and repeats', async () => {
    const published = await publishBranchingQuiz(t, owner);
    const { quiz, snapshotId, q, a, o } = published;
    const [q1 = 0, q2 = 0, q3 = 0, q4 = 0] = q;
    const [[ads = 0, search = 0, referrals = 0] = [], [small = 0, large = 0] = [], [yes = 0, no = 0] = []] =
      a;
    const [low = 0, high = 0] = a[3] ?? [];
    for (const visit of knownVisits(published)) await sendVisit(t, snapshotId, visit);
    await t.flushEvents();

    const result = await analyticsOf(quiz.id);
    const question = (
      id: number,
      reached: number,
      count: number,
      left: number,
      answers: [number, number][],
    ) => ({
      id,
      reached,
      count,
      left,
      dropOffPercentage: reached === 0 ? 0 : Math.round((left / reached) * 1000) / 10,
      answers: answers.map(([answerId, answerCount]) =>
        expect.objectContaining({ id: answerId, count: answerCount }),
      ),
    });
    expect(result).toMatchObject({
      visitorsCount: 5,
      startsCount: 4,
      completionsCount: 2,
      leadsCount: 1,
      range: { from: today(), to: today() },
      versions: [{ version: 1, visitors: 5 }],
      version: null,
      rates: { startRate: 80, completionRate: 50, leadsPerCompletion: 50, leadsPerVisitor: 20 },
      captureForm: { reached: 3, submitted: 1, left: 1, dropOffPercentage: 33.3 },
      // Both took under five seconds: the first bucket's midpoint.
      medianSecondsToComplete: 2.5,
      daily: [{ day: today(), visitors: 5, starts: 4, completions: 2, leads: 1 }],
      utmSources: [
        { value: 'newsletter', completions: 1, leads: 1 },
        { value: '', completions: 1, leads: 0 },
      ],
      utmCampaigns: [
        { value: 'launch', completions: 1, leads: 1 },
        { value: '', completions: 1, leads: 0 },
      ],
      scoreDistribution: { maxScore: 7, counts: [1, 0, 0, 0, 0, 0, 0, 1] },
      outcomes: [
        { id: o[0], title: 'Starter plan', count: 1, percentage: 50 },
        { id: o[1], title: 'Growth plan', count: 0, percentage: 0 },
        { id: null, title: 'No outcome', count: 1, percentage: 50 },
      ],
      questions: [
        question(q1, 4, 4, 0, [
          [ads, 1],
          [search, 2],
          [referrals, 1],
        ]),
        question(q2, 3, 3, 0, [
          [small, 2],
          [large, 1],
        ]),
        question(q3, 4, 3, 1, [
          [yes, 2],
          [no, 1],
        ]),
        question(q4, 2, 2, 0, [
          [low, 1],
          [high, 1],
        ]),
      ],
    });
    expect(result.questions[0]).toMatchObject({ title: 'Which channel brings most leads?', description: '' });
    expect(result.questions[0]?.answers.map((entry) => [entry.text, entry.percentage])).toEqual([
      ['Ads', 25],
      ['Search', 50],
      ['=Referrals', 25],
    ]);
    expect(result.questions[1]?.answers.map((entry) => entry.percentage)).toEqual([66.7, 33.3]);
    expectResultToMatchEvents(result, quiz, await rawEventsOf(t, quiz.id), { from: today(), to: today() });

    // The URL fields the visits had, in the quiz's (default) order; `ref` is not one the quiz keeps.
    expect(result.urlFields).toEqual([
      { name: 'utm_source', visitors: 2 },
      { name: 'utm_campaign', visitors: 1 },
      { name: 'gclid', visitors: 2 },
    ]);
    expect(result.urlFieldBreakdown).toBeNull();
    const byGclid = await analyticsOf(quiz.id, { urlField: 'gclid' });
    expect(byGclid.urlFieldBreakdown).toEqual({
      name: 'gclid',
      rows: [
        { value: 'Cj0-abc', visitors: 1, completions: 1, leads: 1 },
        { value: '', visitors: 3, completions: 1, leads: 0 },
        { value: 'Cj0-def', visitors: 1, completions: 0, leads: 0 },
      ],
      otherValues: 0,
    });
    // The rest of the result is what it was.
    expect({ ...byGclid, urlFieldBreakdown: null }).toEqual(result);
    expect((await analyticsOf(quiz.id, { urlField: 'ref' })).urlFieldBreakdown).toEqual({
      name: 'ref',
      rows: [{ value: '', visitors: 5, completions: 2, leads: 1 }],
      otherValues: 0,
    });
  });

  it('equals the reference arithmetic on generated visits, per version, in the quiz as it is now', async () => {
    const first = await publishBranchingQuiz(t, owner);
    const random = randomSource(15);
    for (let index = 0; index < 60; index += 1) {
      const visitId = `generated-v1-${String(index).padStart(6, '0')}`;
      await sendVisit(t, first.snapshotId, randomVisit(random, first.quiz, visitId));
    }
    await t.flushEvents();

    // Republish with Q4 gone, an answer renamed and the outcomes in the other order: version 2.
    const [starter, growth] = first.quiz.outcomes;
    if (!starter || !growth) throw new Error('fixture');
    const changed: Quiz = {
      ...first.quiz,
      questions: first.quiz.questions
        .filter((question) => question.id !== first.q[3])
        .map((question) => ({
          ...question,
          answers: question.answers.map((answer) =>
            answer.id === first.a[0]?.[1] ? { ...answer, text: 'Search engines' } : answer,
          ),
        })),
      outcomes: [
        { ...growth, rank: 1 },
        { ...starter, rank: 2 },
      ],
    };
    const second = await publishQuiz(t, owner, changed);
    for (let index = 0; index < 40; index += 1) {
      const visitId = `generated-v2-${String(index).padStart(6, '0')}`;
      await sendVisit(t, second.snapshotId, randomVisit(random, second.quiz, visitId));
    }
    await t.flushEvents();

    const events = await rawEventsOf(t, first.quiz.id);
    const all = await analyticsOf(first.quiz.id);
    expect(all.visitorsCount).toBe(100);
    // The generated visits take every kind of path: leaving at a question or at the form, leads, no outcome.
    expect(all.questions.some((entry) => entry.left > 0)).toBe(true);
    expect(all.captureForm.left).toBeGreaterThan(0);
    expect(all.leadsCount).toBeGreaterThan(0);
    expect(all.outcomes.at(-1)).toMatchObject({ id: null, title: 'No outcome' });
    expect(all.versions).toEqual([
      { version: 2, visitors: 40 },
      { version: 1, visitors: 60 },
    ]);
    expect(all.questions.map((entry) => entry.id)).toEqual(first.q.slice(0, 3));
    expect(all.questions[0]?.answers[1]?.text).toBe('Search engines');
    expect(all.outcomes.slice(0, 2).map((entry) => entry.title)).toEqual(['Growth plan', 'Starter plan']);
    expectResultToMatchEvents(all, second.quiz, events, { from: today(), to: today() });
    for (const version of [1, 2]) {
      const ofVersion = await analyticsOf(first.quiz.id, { version: String(version) });
      expectResultToMatchEvents(ofVersion, second.quiz, events, { from: today(), to: today(), version });
      expect(ofVersion.versions).toEqual(all.versions);
    }
    // Broken down by each URL field the visits had, and by one they did not.
    expect(all.urlFields.map((field) => field.name)).toEqual(['utm_source', 'utm_medium', 'gclid']);
    for (const urlField of ['utm_source', 'utm_medium', 'gclid', 'ref']) {
      const byField = await analyticsOf(first.quiz.id, { urlField });
      expectResultToMatchEvents(byField, second.quiz, events, { from: today(), to: today() });
      expect(byField.urlFieldBreakdown?.name).toBe(urlField);
      const ofVersion = await analyticsOf(first.quiz.id, { urlField, version: '2' });
      expectResultToMatchEvents(ofVersion, second.quiz, events, { from: today(), to: today(), version: 2 });
    }
    const byGclid = await analyticsOf(first.quiz.id, { urlField: 'gclid' });
    expect(byGclid.urlFieldBreakdown?.rows.map((row) => row.value).sort()).toEqual([
      '',
      'Cj0KCQ-one',
      'Cj0KCQ-two',
    ]);
    // A version without visits: zeros, the same range.
    const none = await analyticsOf(first.quiz.id, { version: '3' });
    expect(none).toMatchObject({ visitorsCount: 0, version: 3, range: { from: today(), to: today() } });
  });

  it('stays readable once the quiz is unpublished, and is gone with the quiz', async () => {
    const { quiz, snapshotId } = await publishBranchingQuiz(t, owner);
    const random = randomSource(7);
    for (let index = 0; index < 5; index += 1) {
      await sendVisit(
        t,
        snapshotId,
        randomVisit(random, quiz, `unpublished-visit-${String(index).padStart(4, '0')}`),
      );
    }
    await t.flushEvents();
    const unpublished = await owner.call(
      'POST',
      `/accounts/${owner.accountId}/quizzes/${quiz.id}/unpublish`,
      quiz,
    );
    expect(unpublished.statusCode).toBe(200);
    const result = await analyticsOf(quiz.id);
    expect(result.visitorsCount).toBe(5);
    expectResultToMatchEvents(result, quiz, await rawEventsOf(t, quiz.id), { from: today(), to: today() });

    expect((await owner.call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(200);
    const gone = await owner.send(quizAnalyticsEndpoint, {
      params: { account: owner.accountId, id: quiz.id },
    });
    expect([gone.statusCode, gone.json()]).toEqual([404, expect.objectContaining({ code: 'not_found' })]);
  });
});
