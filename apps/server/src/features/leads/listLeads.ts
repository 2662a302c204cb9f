import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import { storedUrlFields, storedUrlFieldsCut, utmOfUrlFields } from '../delivery/deliveredUrlFields';

export interface LeadSummary {
  id: string;
  createdAt: string;
  email: string;
  name: string | null;
  consent: boolean;
  consentText: string | null;
  outcomeId: number | null;
  score: number;
  answers: unknown;
  /** utm_source … utm_content where the lead has them: what this listing printed before URL fields. */
  utm: Record<string, string>;
  /** Every URL field the lead kept (utm_source, gclid, ref…) by name. */
  urlFields: Record<string, string>;
  /** The names whose values were cut to 500 characters. */
  urlFieldsCut: string[];
  /** What server-side conversions were given: the browser event's id, browser ids, consent, user agent. */
  measurement: unknown;
  snapshotVersion: number;
  deliveryStatus: string;
}

/** A quiz's leads, oldest first (for operators: `npm run cli -- leads:list --quiz ID`). */
export async function listLeads(db: Database, quizId: string): Promise<LeadSummary[]> {
  const rows = await db.select().from(leads).where(eq(leads.quizId, quizId)).orderBy(asc(leads.createdAt));
  return rows.map((row) => {
    const urlFields = storedUrlFields(row.urlFields);
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      email: row.email,
      name: row.name,
      consent: row.consent,
      consentText: row.consentText,
      outcomeId: row.outcomeId,
      score: row.score,
      answers: row.answers,
      utm: utmOfUrlFields(urlFields),
      urlFields,
      measurement: row.measurement,
      urlFieldsCut: storedUrlFieldsCut(row.urlFieldsCut),
      snapshotVersion: row.snapshotVersion,
      deliveryStatus: row.deliveryStatus,
    };
  });
}
