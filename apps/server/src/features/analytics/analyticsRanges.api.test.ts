import {
  type AnalyticsResult,
  MAX_ANALYTICS_RANGE_DAYS,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import type { AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { analyticsCounters } from '@quizbeam/db/analyticsSchema';

import {
  parseFigureKey,
  type RawVisitorEvent,
  visitFigures,
} from '@quizbeam/quiz-engine/analytics/visitFigures';

import { randomSource } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBranchingQuiz, startAnalyticsTestApp } from '../../testing/analytics';
import { expectResultToMatchEvents } from '../../testing/analyticsExpectations';
import type { SignedInAccount, TestApp } from '../../testing/testApp';

/*
 * Date ranges and versions over weeks of data. The visitor API stamps events with the time they arrive, so
 * the weeks before today are written straight into analytics_counters from the reference arithmetic: the
 * Analytics call must give back exactly what the counters hold for any range.
 */

let t: TestApp;
let owner: SignedInAccount;
let quiz: Quiz;
let events: RawVisitorEvent[];

const DAY_MS = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const today = () => dayBefore(0);

/** Visits on 40 of the last 50 days (none 3, 8, 13… days ago), versions 1 and 2, down random paths. */
function generatedEvents(published: {
  quiz: Quiz;
  q: number[];
  a: number[][];
  o: number[];
}): RawVisitorEvent[] {
  const random = randomSource(2026);
  const list: RawVisitorEvent[] = [];
  for (let daysAgo = 49; daysAgo >= 0; daysAgo -= 1) {
    if (daysAgo % 5 === 3) continue;
    const version = daysAgo > 20 ? 1 : 2;
    for (let index = 0; index < 1 + random(4); index += 1) {
      const visitId = `day-${daysAgo}-visit-${index}`;
      let at = Date.parse(`${dayBefore(daysAgo)}T00:00:00Z`) + random(DAY_MS - 600_000);
      const event = (type: RawVisitorEvent['type'], extra: Partial<RawVisitorEvent> = {}) => {
        at += random(120_000);
        list.push({ visitId, snapshotId: `snapshot-${version}`, version, at: new Date(at), type, ...extra });
      };
      event('visit', { utmSource: ['', 'newsletter', 'ads'][random(3)] || null });
      if (random(5) === 0) continue;
      event('start');
      for (const [position, questionId] of published.q.entries()) {
        event('shown', { questionId });
        if (random(6) === 0) break;
        const answers = published.a[position] ?? [];
        event('answer', { questionId, answerId: answers[random(answers.length)] ?? null });
      }
      if (random(3) === 0) continue;
      event('capture');
      const outcomeId = random(4) === 0 ? null : (published.o[random(published.o.length)] ?? null);
      event('complete', { outcomeId, score: random(8) });
      if (random(2) === 0) event('lead', { outcomeId });
    }
  }
  return list;
}

beforeAll(async () => {
  t = await startAnalyticsTestApp();
  owner = await t.signIn();
  const published = await publishBranchingQuiz(t, owner);
  quiz = published.quiz;
  events = generatedEvents(published);
  const rows = [...visitFigures(events)].map(([key, value]) => {
    const { day, version, metric, item } = parseFigureKey(key);
    return { quizId: quiz.id, day, version, metric: metric as AnalyticsMetric, item, value };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await t.database.db.insert(analyticsCounters).values(rows.slice(start, start + 500));
  }
});
afterAll(async () => {
  await t.close();
});

const analyticsOf = async (query: Record<string, string> = {}): Promise<AnalyticsResult> =>
  (
    await owner.send(quizAnalyticsEndpoint, { params: { account: owner.accountId, id: quiz.id }, query })
  ).data();

describe('date ranges and versions', () => {
  it('covers all time by default: from the first day with data to today, a day each', async () => {
    const result = await analyticsOf();
    expect(result.range).toEqual({ from: dayBefore(49), to: today() });
    expect(result.daily).toHaveLength(50);
    // Days without visits are in the series, as zeros.
    expect(result.daily[1]).toEqual({ day: dayBefore(48), visitors: 0, starts: 0, completions: 0, leads: 0 });
    expectResultToMatchEvents(result, quiz, events, { from: dayBefore(49), to: today() });
  });

  it.each([
    ['the last 7 days', 6, 0],
    ['the last 30 days', 29, 0],
    ['a week in the middle', 30, 24],
    ['one day without visits', 8, 8],
  ])('gives %s exactly', async (_name, fromDaysAgo, toDaysAgo) => {
    const range = { from: dayBefore(fromDaysAgo), to: dayBefore(toDaysAgo) };
    const result = await analyticsOf(range);
    expectResultToMatchEvents(result, quiz, events, range);
  });

  it('gives one version, over its own days by default', async () => {
    for (const version of [1, 2]) {
      const result = await analyticsOf({ version: String(version) });
      const firstDay = version === 1 ? dayBefore(49) : dayBefore(20);
      expect(result.range.from).toBe(firstDay);
      expectResultToMatchEvents(result, quiz, events, { from: firstDay, to: today(), version });
    }
    const both = { from: dayBefore(30), to: dayBefore(10) };
    expectResultToMatchEvents(await analyticsOf({ ...both, version: '1' }), quiz, events, {
      ...both,
      version: 1,
    });
  });

  it('is all zeros before the first visit, and ends today when asked to end later', async () => {
    const before = { from: dayBefore(400), to: dayBefore(300) };
    const empty = await analyticsOf(before);
    expect(empty).toMatchObject({
      visitorsCount: 0,
      completionsCount: 0,
      versions: [],
      medianSecondsToComplete: null,
    });
    expect(empty.daily).toHaveLength(101);
    expect(
      empty.questions.every((question) => question.count === 0 && question.dropOffPercentage === 0),
    ).toBe(true);
    expectResultToMatchEvents(empty, quiz, events, before);

    const future = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const clamped = await analyticsOf({ from: dayBefore(2), to: future });
    expect(clamped.range).toEqual({ from: dayBefore(2), to: today() });
    expect(clamped.daily).toHaveLength(3);
  });

  it('takes the longest range there is, and goes no further back by default', async () => {
    const longest = { from: dayBefore(MAX_ANALYTICS_RANGE_DAYS - 1), to: today() };
    const result = await analyticsOf(longest);
    expect(result.daily).toHaveLength(MAX_ANALYTICS_RANGE_DAYS);
    expectResultToMatchEvents(result, quiz, events, longest);

    const old = await publishBranchingQuiz(t, owner);
    await t.database.db.insert(analyticsCounters).values({
      quizId: old.quiz.id,
      day: dayBefore(MAX_ANALYTICS_RANGE_DAYS + 200),
      version: 1,
      metric: 'visitors',
      item: '',
      value: 1,
    });
    const allTime = await owner.send(quizAnalyticsEndpoint, {
      params: { account: owner.accountId, id: old.quiz.id },
    });
    expect(allTime.data().range).toEqual(longest);
  });
});
