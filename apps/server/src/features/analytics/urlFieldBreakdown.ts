import { type AnalyticsUrlFieldBreakdown, MAX_URL_FIELD_BREAKDOWN_ROWS } from '@quizbeam/contracts/analytics';
import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DayRange } from './analyticsRange';

const breakdownRows = z.object({
  rows: z.array(
    z.object({
      value: z.string(),
      visitors: z.coerce.number(),
      completions: z.coerce.number(),
      leads: z.coerce.number(),
      value_count: z.coerce.number(),
    }),
  ),
});

/**
 * Visitors, completions and leads per value of one URL field, over the visits that began in the range (of the
 * version, when given): each visit under the value its first visit event gave the field, '' without one.
 * Read from analytics_visits when asked for rather than kept in counters: click ids such as gclid are
 * different on every visit, and counters per value would grow with the visits and slow every Analytics
 * call, while this read costs only the calls that ask for it. Values are ordered by their code points
 * ("C"), the order the quiz engine's reference uses too.
 */
export async function readUrlFieldBreakdown(
  db: Database,
  query: { quizId: string; name: string; range: DayRange; version: number | undefined },
): Promise<AnalyticsUrlFieldBreakdown> {
  const version = query.version === undefined ? sql`` : sql`and version = ${query.version}::int`;
  const result = await db.execute(sql`
    with per_value as (
      select coalesce(url_fields ->> ${query.name}::text, '') as value,
        count(*) filter (where 'visit' = any (screens)) as visitors,
        count(completed_at) as completions,
        count(*) filter (where 'lead' = any (screens)) as leads
      from analytics_visits
      where quiz_id = ${query.quizId}::uuid
        and day between ${query.range.from}::date and ${query.range.to}::date ${version}
      group by 1)
    select value, visitors, completions, leads, count(*) over () as value_count
    from per_value
    where visitors > 0 or completions > 0 or leads > 0
    order by completions desc, leads desc, visitors desc, value collate "C"
    limit ${MAX_URL_FIELD_BREAKDOWN_ROWS}::int`);
  const rows = breakdownRows.parse(result).rows;
  return {
    name: query.name,
    rows: rows.map(({ value, visitors, completions, leads }) => ({ value, visitors, completions, leads })),
    otherValues: Math.max(0, (rows[0]?.value_count ?? 0) - rows.length),
  };
}
