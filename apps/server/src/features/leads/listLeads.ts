import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';

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
  utm: unknown;
  snapshotVersion: number;
  deliveryStatus: string;
}

/** A quiz's leads, oldest first (for operators: `npm run cli -- leads:list --quiz ID`). */
export async function listLeads(db: Database, quizId: string): Promise<LeadSummary[]> {
  const rows = await db.select().from(leads).where(eq(leads.quizId, quizId)).orderBy(asc(leads.createdAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    name: row.name,
    consent: row.consent,
    consentText: row.consentText,
    outcomeId: row.outcomeId,
    score: row.score,
    answers: row.answers,
    utm: row.urlFields,
    snapshotVersion: row.snapshotVersion,
    deliveryStatus: row.deliveryStatus,
  }));
}
