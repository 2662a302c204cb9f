import type { Database } from '@quizbeam/db/database';
import { substituteScore } from '@quizbeam/quiz-engine/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LeadForDelivery } from './leadPayload';

const leadRows = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      quiz_id: z.string(),
      quiz_name: z.string().nullable(),
      email: z.string(),
      name: z.string().nullable(),
      outcome_id: z.number().nullable(),
      outcome_name: z.string().nullable(),
      score: z.number(),
      max_score: z.number().nullable(),
      answers: z.array(z.object({ questionId: z.number(), answerId: z.number() })),
      utm: z.record(z.string(), z.string()),
      consent: z.boolean(),
      consent_text: z.string().nullable(),
      created_at: z.coerce.date(),
    }),
  ),
});

/**
 * The leads of claimed deliveries, by id, as destinations see them: the quiz's name and the outcome's title
 * come from the snapshot the visitor answered, so they read as the visitor saw them.
 */
export async function loadLeadsForDelivery(
  db: Database,
  leadIds: readonly string[],
): Promise<Map<string, LeadForDelivery>> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select l.id, l.quiz_id, s.document->>'name' as quiz_name, l.email, l.name, l.outcome_id,
      (select o->>'name' from jsonb_array_elements(s.document->'outcomes') o
        where (o->>'id')::int = l.outcome_id limit 1) as outcome_name,
      l.score, s.max_score, l.answers, l.utm, l.consent, l.consent_text, l.created_at
    from leads l left join published_snapshots s on s.id = l.snapshot_id
    where l.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const leads = new Map<string, LeadForDelivery>();
  for (const row of leadRows.parse(result).rows) {
    const outcome =
      row.outcome_id === null
        ? null
        : {
            id: row.outcome_id,
            title: substituteScore(row.outcome_name ?? '', row.score, row.max_score ?? row.score),
          };
    leads.set(row.id, {
      id: row.id,
      quizId: row.quiz_id,
      quizName: row.quiz_name,
      email: row.email,
      name: row.name,
      outcome,
      score: row.score,
      answers: row.answers,
      utm: row.utm,
      consent: row.consent,
      consentText: row.consent_text,
      createdAt: row.created_at,
    });
  }
  return leads;
}
