import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isUtmUrlField, storedUrlFields } from '../delivery/deliveredUrlFields';
import { type CsvRow, inertText } from './leadsCsvCells';

/** The Leads CSV's columns of URL fields other than the five UTM ones (which have their own), after those. */
export interface LeadUrlFieldColumns {
  headers: string[];
  cellsOf(lead: { urlFields: unknown }): CsvRow;
}

/**
 * One column per URL field the quiz lists (its own or the defaults), in its order, then one per other name its
 * leads kept (a field the quiz has since dropped), in name order; the UTM ones have their own columns.
 */
export function urlFieldColumnsOf(
  quizNames: readonly string[],
  namesOnLeads: Iterable<string>,
): LeadUrlFieldColumns {
  const listed = new Set(quizNames);
  const names = [
    ...new Set([...quizNames, ...[...namesOnLeads].filter((name) => !listed.has(name)).sort()]),
  ].filter((name) => !isUtmUrlField(name));
  return {
    headers: names.map(inertText),
    cellsOf(lead) {
      const values = storedUrlFields(lead.urlFields);
      return names.map((name) => inertText(Object.hasOwn(values, name) ? values[name] : ''));
    },
  };
}

const nameRows = z.object({ rows: z.array(z.object({ name: z.string() })) });

/** The URL field columns of the quiz's Leads CSV: its names now, and every other name its leads kept. */
export async function leadUrlFieldColumns(
  db: Database,
  quizId: string,
  quizNames: readonly string[],
): Promise<LeadUrlFieldColumns> {
  const result = await db.execute(sql`
    select distinct kept.name from leads, jsonb_object_keys(
      case when jsonb_typeof(leads.url_fields) = 'object' then leads.url_fields else '{}'::jsonb end) as kept(name)
    where leads.quiz_id = ${quizId}::uuid`);
  return urlFieldColumnsOf(
    quizNames,
    nameRows.parse(result).rows.map((row) => row.name),
  );
}
