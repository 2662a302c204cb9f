import { gunzipSync } from 'node:zlib';
import { quizAnalyticsCsvEndpoint } from '@quizbeam/contracts/analytics';
import { pathOf } from '@quizbeam/contracts/endpoint';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBranchingQuiz, sendVisit, startAnalyticsTestApp } from '../../testing/analytics';
import { knownVisits } from '../../testing/analyticsVisits';
import { APP_ORIGIN, type SignedInAccount, type TestApp } from '../../testing/testApp';

/* Download Responses: the analytics CSV (analyticsInput.api.test.ts has the 400, 401 and 404 checks). */

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

const csvOf = async (quizId: string, query: Record<string, string> = {}) =>
  owner.send(quizAnalyticsCsvEndpoint, { params: { account: owner.accountId, id: quizId }, query });

/** The rows after the header, each time cell replaced by "TIME" once checked to be today's. */
function rowsOf(body: string): string[] {
  const [, ...rows] = body.slice(1).split('\r\n');
  expect(rows.pop()).toBe('');
  return rows.map((row) => {
    expect(row.slice(0, 20)).toMatch(new RegExp(`^${today()} \\d{2}:\\d{2}:\\d{2},`));
    return `TIME${row.slice(19)}`;
  });
}

describe('the responses CSV', () => {
  it('has a row per visit that started: answers in quiz order, outcome, score, lead, UTM, URL fields', async () => {
    const published = await publishBranchingQuiz(t, owner);
    for (const visit of knownVisits(published)) await sendVisit(t, published.snapshotId, visit);
    await t.flushEvents();

    const answer = await csvOf(published.quiz.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Lead _magnet_ quiz responses.csv"; filename*=UTF-8''Lead%20%22magnet%22%20quiz%20responses.csv`,
    );
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    // After the UTM columns, the quiz's other URL fields (the defaults here) by name.
    expect(answer.body.slice(1).split('\r\n')[0]).toBe(
      'Time (UTC),Version,Which channel brings most leads?,How big is your team?,Do you run ads?,What is your budget?,Outcome,Score,Lead Email,Lead Name,UTM Source,UTM Campaign,utm_medium,utm_term,utm_content,gclid,fbclid,ttclid,msclkid',
    );
    // The visit that stayed on the start page has no row; a formula-like answer is made inert.
    expect(rowsOf(answer.body)).toEqual([
      'TIME,1,Ads,,Yes,High,No outcome,7,ada@example.com,Ada,newsletter,launch,,,,Cj0-abc,,,',
      'TIME,1,Search,"Small, 1-5",,,,,,,,,,,,Cj0-def,,,',
      'TIME,1,Search,Large,No,,Starter plan,0,,,,,,,,,,,',
      `TIME,1,'=Referrals,"Small, 1-5",Yes,Low,,,,,,,,,,,,,`,
    ]);

    // Compressed for a browser, the same file.
    const gzipped = await t.app.inject({
      url: pathOf(quizAnalyticsCsvEndpoint, { account: owner.accountId, id: published.quiz.id }),
      headers: { cookie: owner.cookie, origin: APP_ORIGIN, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(answer.body);

    // The quiz as it is now: a question removed, another renamed, an outcome renamed.
    const [q1, , q3, q4] = published.quiz.questions;
    const [starter, growth] = published.quiz.outcomes;
    if (!q1 || !q3 || !q4 || !starter || !growth) throw new Error('fixture');
    const edited: Quiz = {
      ...published.quiz,
      questions: [q1, { ...q3, rank: 2, text: 'Ads, honestly?' }, { ...q4, rank: 3 }],
      outcomes: [{ ...starter, name: 'Starter' }, growth],
      // The URL fields it lists now: the UTM ones keep their columns, the others follow in this order.
      urlFields: [{ name: 'ref' }, { name: 'utm_campaign' }, { name: 'gclid' }, { name: '-x' }],
    };
    expect((await owner.call('PUT', `/api/quizzes/${edited.id}`, edited)).statusCode).toBe(200);
    const now = await csvOf(published.quiz.id, { from: today(), to: today(), version: '1' });
    expect(now.body.slice(1).split('\r\n')[0]).toBe(
      `Time (UTC),Version,Which channel brings most leads?,"Ads, honestly?",What is your budget?,Outcome,Score,Lead Email,Lead Name,UTM Source,UTM Campaign,ref,gclid,'-x`,
    );
    // The visit's `ref` was not one its version kept.
    expect(rowsOf(now.body)).toEqual([
      'TIME,1,Ads,Yes,High,No outcome,7,ada@example.com,Ada,newsletter,launch,,Cj0-abc,',
      'TIME,1,Search,,,,,,,,,,Cj0-def,',
      'TIME,1,Search,No,,Starter,0,,,,,,,',
      `TIME,1,'=Referrals,Yes,Low,,,,,,,,,`,
    ]);
    // Another version, or a range before these visits: only the header.
    const elsewhere: Record<string, string>[] = [{ version: '2' }, { from: '2026-01-01', to: '2026-01-31' }];
    for (const query of elsewhere) {
      expect(rowsOf((await csvOf(published.quiz.id, query)).body)).toEqual([]);
    }
  });

  it('shows each URL field as the visit kept it, a formula-like value made inert', async () => {
    const { quiz } = await publishBranchingQuiz(t, owner);
    const listed: Quiz = {
      ...quiz,
      urlFields: [{ name: 'ref' }, { name: 'constructor' }, { name: 'fbclid' }],
    };
    expect((await owner.call('PUT', `/api/quizzes/${quiz.id}`, listed)).statusCode).toBe(200);
    const fields = { ref: '=HYPERLINK("x")', fbclid: 'a,"b"', other: 'not listed' };
    await t.database.db.execute(sql`
      insert into analytics_visits (quiz_id, visit_id, snapshot_id, version, day, visited_at, started_at, url_fields)
      values (${quiz.id}::uuid, 'with-fields', gen_random_uuid(), 1, '2026-03-02', '2026-03-02 08:00:00Z',
          '2026-03-02 08:00:01Z', ${JSON.stringify(fields)}::jsonb),
        (${quiz.id}::uuid, 'without-fields', gen_random_uuid(), 1, '2026-03-02', '2026-03-02 08:00:00Z',
          '2026-03-02 08:00:02Z', '{}')`);
    const csv = await csvOf(quiz.id, { from: '2026-03-02', to: '2026-03-02' });
    const lines = csv.body.slice(1).split('\r\n');
    const endOf = (line: string | undefined, like: string) => line?.slice(-like.length);
    const header = ',UTM Source,UTM Campaign,ref,constructor,fbclid';
    expect(endOf(lines[0], header)).toBe(header);
    const withFields = `,,,"'=HYPERLINK(""x"")",,"a,""b"""`;
    expect(endOf(lines[1], withFields)).toBe(withFields);
    expect(endOf(lines[2], ',,,,,,')).toBe(',,,,,,');
  });

  it('reads every visit of the range, page after page, once and in the order they started', async () => {
    const { quiz } = await publishBranchingQuiz(t, owner);
    // More than two of the export's pages, many started in the same microsecond, two versions, some
    // visits never started; and a day on each side of the range asked for.
    await t.database.db.execute(sql`
      insert into analytics_visits (quiz_id, visit_id, snapshot_id, version, day, visited_at, utm_source, started_at)
      select ${quiz.id}::uuid, 'bulk-' || lpad(n::text, 5, '0'), gen_random_uuid(), 1 + n % 2,
        date '2026-03-02', timestamptz '2026-03-02 08:00:00Z', n::text,
        case when n % 10 = 0 then null
          else timestamptz '2026-03-02 08:00:00Z' + ((2345 - n) / 7) * interval '1 microsecond' end
      from generate_series(1, 2345) as n`);
    await t.database.db.execute(sql`
      insert into analytics_visits (quiz_id, visit_id, snapshot_id, version, day, visited_at, started_at)
      values (${quiz.id}::uuid, 'day-before', gen_random_uuid(), 1, '2026-03-01', '2026-03-01 23:59:59Z', '2026-03-01 23:59:59.999Z'),
        (${quiz.id}::uuid, 'day-after', gen_random_uuid(), 1, '2026-03-04', '2026-03-04 00:00:00Z', '2026-03-04 00:00:00Z')`);

    const all = (await csvOf(quiz.id, { from: '2026-03-02', to: '2026-03-03' })).body.slice(1).split('\r\n');
    const visits = all.slice(1, -1);
    const started = Array.from({ length: 2345 }, (_, index) => index + 1).filter((n) => n % 10 !== 0);
    expect(visits).toHaveLength(started.length);
    // Later numbers started earlier; those of the same microsecond come by visit id.
    const expectedOrder = [...started].sort(
      (left, right) => Math.floor((2345 - left) / 7) - Math.floor((2345 - right) / 7) || left - right,
    );
    // The UTM Source column holds each visit's number here.
    expect(visits.map((row) => Number(row.split(',')[10]))).toEqual(expectedOrder);
    expect(visits.map((row) => Number(row.split(',')[1]))).toEqual(expectedOrder.map((n) => 1 + (n % 2)));
    expect(visits[0]?.startsWith('2026-03-02 08:00:00,')).toBe(true);

    const second = (await csvOf(quiz.id, { from: '2026-03-01', to: '2026-03-04', version: '2' })).body;
    expect(second.slice(1).split('\r\n').slice(1, -1)).toHaveLength(
      started.filter((n) => n % 2 === 1).length,
    );
    const edges = (await csvOf(quiz.id, { from: '2026-03-01', to: '2026-03-04' })).body
      .slice(1)
      .split('\r\n');
    expect(edges.slice(1, -1)).toHaveLength(started.length + 2);
    expect(edges[1]?.startsWith('2026-03-01 23:59:59,')).toBe(true);
    expect(edges.at(-2)?.startsWith('2026-03-04 00:00:00,')).toBe(true);
  });
});
