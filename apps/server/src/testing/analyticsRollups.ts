import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { publishedSnapshots, visitorEvents } from '@quizbeam/db/schema';
import type { EventResponse } from '@quizbeam/quiz-engine/analytics/visitFigures';
import { type RawVisitorEvent, visitFigures } from '@quizbeam/quiz-engine/analytics/visitFigures';
import { pathQuestionIds } from '@quizbeam/quiz-engine/flow';
import { randomSource } from '@quizbeam/quiz-engine/testing/quizzes';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RollupEvent } from '../features/analytics/rollups/applyEventsToRollups';
import { EVENT_WRITER_LIMITS, VisitorEventWriter } from '../features/publishedSite/visitorEventWriter';
import { storedScoredQuiz } from './publishing';
import type { SignedInAccount, TestApp } from './testApp';

/** A branching quiz (Q1's first answer skips Q2, so Q3 is reached on two paths), published twice. */
export interface TwicePublishedQuiz {
  quiz: Quiz;
  o: number[];
  /** Version 1's snapshot, then version 2's. */
  snapshotIds: string[];
}

export async function publishedTwice(t: TestApp, owner: SignedInAccount): Promise<TwicePublishedQuiz> {
  const built = await storedScoredQuiz(owner.call);
  const publish = async (quiz: Quiz) => {
    const published = await owner.call(
      'POST',
      `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`,
      quiz,
    );
    expect(published.statusCode, published.body).toBe(200);
    return published.json() as Quiz;
  };
  const first = await publish(built.quiz);
  await publish({ ...first, title: 'Find your plan, again' });
  const snapshotIds = await snapshotIdsOf(t.database.db, built.quiz.id);
  expect(snapshotIds).toHaveLength(2);
  return { quiz: built.quiz, o: built.o, snapshotIds };
}

/** The quiz's snapshot ids by version, oldest first. */
export async function snapshotIdsOf(db: Database, quizId: string): Promise<string[]> {
  const rows = await db
    .select({ id: publishedSnapshots.id })
    .from(publishedSnapshots)
    .where(eq(publishedSnapshots.quizId, quizId))
    .orderBy(asc(publishedSnapshots.version));
  return rows.map((row) => row.id);
}

const UTM_SOURCES = [null, 'newsletter', 'ads, "spring" {sale}', 'café ☕ \\ NULL'];
const UTM_CAMPAIGNS = [null, 'launch', 'q4|promo', "it's 50% off"];
/** A visit event's URL fields: none, one, several, and values with awkward characters. */
const URL_FIELDS: (Record<string, string> | null)[] = [
  null,
  { ref: 'partner7' },
  { ref: 'partner|9', gclid: 'Cj0KCQ-abc_123' },
  { utm_source: 'newsletter', 'partner.id': 'a,b "c" {d} \\e \'f\' NULL ∑ 😀' },
];

export interface GeneratedVisits {
  quizId: string;
  snapshotIds: readonly string[];
  quiz: Quiz;
  outcomeIds: readonly number[];
  visits: number;
  seed: number;
  /** The first visit's first event; visits begin a few minutes apart. */
  startAt: number;
  /** Leave createdAt unset: the events happen when they are written. */
  writtenNow?: boolean;
}

/**
 * Pseudo-random visits down the quiz's paths, every event with the time it happened, with UTM values and URL
 * fields or without: some leave on the landing page or at a question, some go back and change an answer, some see the capture form and leave
 * it or submit it, some post their completion or lead twice, lose their 'visit' event or send it late
 * (or twice), send 'start' after completing, or are shown a screen after completing. Sorted by time, as a server would store them.
 */
export function generatedVisits(options: GeneratedVisits): RollupEvent[] {
  const random = randomSource(options.seed);
  const chance = (percent: number) => random(100) < percent;
  const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
  const timed: { at: number; order: number; row: RollupEvent }[] = [];
  for (let index = 0; index < options.visits; index += 1) {
    const visitId = `visit-${options.seed}-${String(index).padStart(5, '0')}`;
    const snapshotId = pick(options.snapshotIds);
    let at = options.startAt + index * 150_000 + random(60_000);
    const push = (row: Omit<RollupEvent, 'quizId' | 'snapshotId' | 'visitId'>, when = at) => {
      const event = { quizId: options.quizId, snapshotId, visitId, ...row };
      timed.push({ at: when, order: timed.length, row: event });
      // Mostly seconds apart, sometimes much longer, so durations fall in many buckets.
      at += chance(5) ? 3_000_000 + random(5_000_000) : 1_000 + random(40_000);
    };
    // The URL fields go by the visit's number, so the random draws (and the visits they make) stay as they were.
    const urlFields = URL_FIELDS[index % URL_FIELDS.length] ?? null;
    const utm = { utmSource: pick(UTM_SOURCES), utmCampaign: pick(UTM_CAMPAIGNS), urlFields };
    const visitEvent = chance(8) ? 'late' : chance(5) ? 'lost' : 'first';
    if (visitEvent === 'first') push({ type: 'visit', ...utm });
    if (chance(12)) continue;
    const startEvent = chance(6) ? 'after completing' : 'first';
    if (startEvent === 'first') push({ type: 'start' });
    if (visitEvent === 'late') push({ type: 'visit', ...utm });
    const secondVisitEvent = chance(10);
    const answers: number[] = [];
    let stopped = false;
    for (let step = 0; step < 12; step += 1) {
      const questionId = pathQuestionIds(options.quiz, answers)[answers.length];
      if (questionId === undefined) break;
      push({ type: 'shown', questionId });
      if (chance(12)) {
        stopped = true;
        break;
      }
      const question = options.quiz.questions.find((candidate) => candidate.id === questionId);
      const answerId = pick(question?.answers ?? []).id;
      push({ type: 'answer', questionId, answerId });
      answers.push(answerId);
      if (answers.length === 1 && secondVisitEvent) {
        push({
          type: 'visit',
          utmSource: 'a second visit event',
          utmCampaign: null,
          urlFields: { ref: 'a second visit event', later: 'x' },
        });
      }
      if (answers.length > 1 && chance(15)) {
        // Back: the previous question is shown again, and answered again (maybe differently).
        answers.pop();
        answers.pop();
      }
    }
    if (stopped) continue;
    const complete = () =>
      push({
        type: 'complete',
        outcomeId: chance(10) ? null : pick(options.outcomeIds),
        score: chance(5) ? null : random(8),
      });
    if (chance(60)) {
      push({ type: 'capture' });
      if (chance(20)) continue;
      if (chance(60)) {
        push({ type: 'lead' });
        if (chance(10)) push({ type: 'lead' });
      }
    }
    complete();
    if (startEvent === 'after completing') push({ type: 'start' });
    if (chance(8)) complete();
    if (chance(5)) push({ type: 'shown', questionId: options.quiz.questions[0]?.id ?? null });
  }
  return timed
    .sort((left, right) => left.at - right.at || left.order - right.order)
    .map(({ at, row }) => (options.writtenNow ? row : { ...row, createdAt: new Date(at) }));
}

/** Writes the rows through a writer of its own that stores `batchRows` at a time. */
export async function writeThroughWriter(db: Database, rows: readonly RollupEvent[], batchRows: number) {
  const errors: unknown[] = [];
  const writer = new VisitorEventWriter(db, (error) => errors.push(error), {
    ...EVENT_WRITER_LIMITS,
    batchRows,
    perQuizRows: 1_000_000,
    totalRows: 1_000_000,
  });
  for (let start = 0; start < rows.length; start += 50) {
    const slice = rows.slice(start, start + 50);
    expect(writer.offer(slice[0]?.quizId ?? '', slice)).toBe(true);
  }
  await writer.close();
  expect(errors).toEqual([]);
}

/** What analytics_counters holds for the quiz, keyed like visitFigures (zeros left out). */
export async function countersOf(db: Database, quizId: string): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') || '|' || version || '|' || metric || '|' || item as key, value
    from analytics_counters where quiz_id = ${quizId}::uuid and value <> 0`);
  const rows = (result as unknown as { rows: { key: string; value: string | number }[] }).rows;
  return sortedRecord(rows.map((row) => [row.key, Number(row.value)]));
}

/** The figures the engine's reference computes from the quiz's stored events. */
export async function expectedFigures(db: Database, quizId: string): Promise<Record<string, number>> {
  const versions = new Map(
    (
      await db
        .select({ id: publishedSnapshots.id, version: publishedSnapshots.version })
        .from(publishedSnapshots)
        .where(eq(publishedSnapshots.quizId, quizId))
    ).map((row) => [row.id, row.version]),
  );
  const stored = await db
    .select()
    .from(visitorEvents)
    .where(eq(visitorEvents.quizId, quizId))
    .orderBy(asc(visitorEvents.id));
  const events: RawVisitorEvent[] = stored.map((row) => ({
    visitId: row.visitId,
    snapshotId: row.snapshotId,
    version: versions.get(row.snapshotId) ?? 0,
    at: row.createdAt,
    type: row.type,
    questionId: row.questionId,
    answerId: row.answerId,
    response: row.response as EventResponse | null,
    outcomeId: row.outcomeId,
    score: row.score,
    utmSource: row.utmSource,
    utmCampaign: row.utmCampaign,
    urlFields: row.urlFields as Record<string, string> | null,
  }));
  return sortedRecord([...visitFigures(events)]);
}

/** Every analytics row of the quiz, in a stable order, to compare a rebuild with live writing. */
export async function analyticsRowsOf(db: Database, quizId: string) {
  const rowsOf = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    visits: await rowsOf(sql`select visit_id, snapshot_id, version, day::text, visited_at::text,
        started_at::text, completed_at::text, last_item, utm_source, utm_campaign, url_fields, outcome_id, score
      from analytics_visits where quiz_id = ${quizId}::uuid order by visit_id`),
    screens: await rowsOf(sql`select visit_id, screen from analytics_visits, unnest(screens) as screen
      where quiz_id = ${quizId}::uuid order by visit_id, screen`),
    answers: await rowsOf(sql`select visit_id, answer.key as question_id, answer.value as answer_id
      from analytics_visits, jsonb_each_text(answers) as answer
      where quiz_id = ${quizId}::uuid order by visit_id, answer.key::int`),
    counters: await countersOf(db, quizId),
  };
}

function sortedRecord(entries: [string, number][]): Record<string, number> {
  return Object.fromEntries(entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}
