import { leads } from '@quizbeam/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { LeadPosition } from './leadCursor';

/** A lead's time with PostgreSQL's microseconds, which a JavaScript Date would round away. */
export const leadPositionTime = sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Leads older than `position` in the newest-first order (time, then id). The plain time bound lets
 * leads_quiz_id_created_at_idx find the start; the row comparison settles leads of the same microsecond.
 */
export function olderThan(position: LeadPosition): SQL {
  const time = sql`${position.time}::timestamptz`;
  return sql`(${leads.createdAt} <= ${time} and (${leads.createdAt}, ${leads.id}) < (${time}, ${position.id}::uuid))`;
}
