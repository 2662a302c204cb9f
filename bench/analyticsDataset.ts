// Shared by the analytics benchmarks: a published quiz with 1,000,000 visits (about 8 events each) over the
// last year, written straight into visitor_events with SQL, then through the rollups by the rebuild (the
// same statements that maintain them as events arrive).

import { openDatabase } from '@quizbeam/db/database';
import pg from 'pg';
import { rebuildQuizAnalytics } from '../apps/server/src/features/analytics/rollups/rebuildQuizAnalytics';
import type { RunningServer } from '../e2e/src/serverProcess';
import { type PublishedQuiz, publishBenchQuiz } from './publishedQuiz';

export const VISITS = 1_000_000;
const VISITS_PER_STATEMENT = 50_000;
/** The last 90 days of visits answered version 2 (a Republish 90 days ago). */
const VERSION_2_DAYS = 90;

export interface AnalyticsDataset {
  published: PublishedQuiz;
  quizId: string;
  events: number;
  /** Visits that started: the rows of the responses CSV. */
  startedVisits: number;
}

/*
 * Visit n, by n % 20: 0-4 stay on the start page (1 event); 5-7 answer all 10 questions, see the capture
 * form and complete, every third with a lead (24 or 25 events); the rest answer 1 to 3 questions and leave
 * at the next one (5, 7 or 9 events). About 8.1 events a visit. Visits are spread evenly over 365 days, each
 * visit's events 7 seconds apart; UTM sources and campaigns come from small lists, and the visit event's URL
 * fields repeat them, with a `ref` from a small list on 3 visits in 7 and a gclid of its own on the ads ones.
 */
const insertVisits = `
  insert into visitor_events (quiz_id, snapshot_id, visit_id, type, question_id, answer_id, outcome_id, score,
    utm_source, utm_campaign, url_fields, created_at)
  select $1::uuid, case when v.at > now() - interval '${VERSION_2_DAYS} days' then $3::uuid else $2::uuid end,
    'bench-visit-' || lpad(v.n::text, 10, '0'),
    e.type, e.question_id, e.answer_id,
    case when e.type in ('complete', 'lead') then ($5::int[])[1 + v.n % 3] end,
    case when e.type in ('complete', 'lead') then v.n % 31 end,
    case when e.type = 'visit' then (array['newsletter', 'ads', 'partner', null, 'social'])[1 + v.n % 5] end,
    case when e.type = 'visit' then (array['launch', null, 'spring sale'])[1 + v.n % 3] end,
    case when e.type = 'visit' then jsonb_strip_nulls(jsonb_build_object(
      'utm_source', (array['newsletter', 'ads', 'partner', null, 'social'])[1 + v.n % 5],
      'utm_campaign', (array['launch', null, 'spring sale'])[1 + v.n % 3],
      'ref', (array['partner7', null, 'partner9', null, null, null, 'blog'])[1 + v.n % 7],
      'gclid', case when v.n % 5 = 1 then 'Cj0KCQiA-bench-' || v.n end)) end,
    v.at + e.step * interval '7 seconds'
  from (
    select n, now() - interval '365 days' + (n::float8 / ${VISITS}) * interval '365 days' as at,
      n % 20 as kind,
      case when n % 20 < 5 then 0 when n % 20 < 8 then 10 else 1 + n % 3 end as answered
    from generate_series($6::int, $7::int) n) v
  cross join lateral (
    select s.step,
      case
        when s.step = 0 then 'visit'
        when s.step = 1 then 'start'
        when s.step < 2 + 2 * v.answered then (case when s.step % 2 = 0 then 'shown' else 'answer' end)
        when v.kind >= 8 then 'shown'
        when s.step = 2 + 2 * v.answered then 'capture'
        when s.step = 3 + 2 * v.answered then 'complete'
        else 'lead'
      end as type,
      case
        when s.step >= 2 and s.step < 2 + 2 * v.answered then ($4::int[])[1 + 4 * ((s.step - 2) / 2)]
        when s.step = 2 + 2 * v.answered and v.kind >= 8 then ($4::int[])[1 + 4 * v.answered]
      end as question_id,
      case when s.step >= 2 and s.step < 2 + 2 * v.answered and s.step % 2 = 1
        then ($4::int[])[1 + 4 * ((s.step - 2) / 2) + 1 + (v.n + s.step) % 3] end as answer_id
    from generate_series(0,
      case
        when v.answered = 0 then 0
        when v.kind >= 8 then 2 + 2 * v.answered
        else 3 + 2 * v.answered + (case when v.n % 3 = 0 then 1 else 0 end)
      end) as s(step)) e`;

/** The bench quiz published twice (versions 1 and 2) with a year of visits and its rollups rebuilt. */
export async function seedAnalyticsDataset(
  server: RunningServer,
  databaseUrl: string,
): Promise<AnalyticsDataset> {
  const published = await publishBenchQuiz(server);
  const quizId = published.quiz.id;
  const origin = new URL(server.appUrl).origin;
  const republished = await fetch(`${origin}/accounts/${published.accountId}/quizzes/${quizId}/publish`, {
    method: 'POST',
    headers: { origin, cookie: published.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(published.quiz),
  });
  if (!republished.ok) throw new Error(`Republish: ${republished.status} ${await republished.text()}`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const snapshots = await client.query<{ id: string; version: number }>(
      'select id, version from published_snapshots where quiz_id = $1 order by version',
      [quizId],
    );
    const [first, second] = snapshots.rows;
    if (!first || !second) throw new Error('the quiz has no two versions');
    // Each question's id followed by its four answers' ids: ids[1 + 4q] is question q, then its answers.
    const ids = published.quiz.questions.flatMap((question) => [
      question.id,
      ...question.answers.slice(0, 3).map((answer) => answer.id),
    ]);
    const outcomeIds = published.quiz.outcomes.map((outcome) => outcome.id);
    const startedAt = performance.now();
    for (let low = 1; low <= VISITS; low += VISITS_PER_STATEMENT) {
      const high = Math.min(VISITS, low + VISITS_PER_STATEMENT - 1);
      await client.query(insertVisits, [quizId, first.id, second.id, ids, outcomeIds, low, high]);
    }
    // The leads of the visits that left one (the CSV shows their email and name).
    await client.query(
      `insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, name, consent,
         outcome_id, answers, score, url_fields, ip_hash, delivery_status, created_at)
       select gen_random_uuid(), $1, quiz_id, snapshot_id, 1, visit_id, visit_id || '@example.com', 'Bench Lead',
         true, outcome_id, '[]'::jsonb, score, '{}'::jsonb, 'hash', 'delivered', created_at
       from visitor_events where quiz_id = $2 and type = 'lead'`,
      [published.accountId, quizId],
    );
    const events = Number(
      (await client.query('select count(*) from visitor_events where quiz_id = $1', [quizId])).rows[0].count,
    );
    console.log(
      `seeded ${VISITS.toLocaleString('en-US')} visits, ${events.toLocaleString('en-US')} events (${(events / VISITS).toFixed(2)} a visit) in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
    );

    const rebuildStartedAt = performance.now();
    const database = await openDatabase({ databaseUrl });
    try {
      const summary = await rebuildQuizAnalytics(database.db, quizId);
      const seconds = (performance.now() - rebuildStartedAt) / 1000;
      console.log(
        `rollups rebuilt: ${summary?.visits.toLocaleString('en-US')} visits, ${summary?.events.toLocaleString('en-US')} events in ${seconds.toFixed(0)} s (${((summary?.events ?? 0) / seconds).toFixed(0)} events/s)`,
      );
    } finally {
      await database.close();
    }
    await client.query('analyze');
    const started = await client.query(
      'select count(*) from analytics_visits where quiz_id = $1 and started_at is not null',
      [quizId],
    );
    return { published, quizId, events, startedVisits: Number(started.rows[0].count) };
  } finally {
    await client.end();
  }
}
