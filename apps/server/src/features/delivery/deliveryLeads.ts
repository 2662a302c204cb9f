import type { UrlField } from '@quizbeam/contracts/measurement';
import type { Database } from '@quizbeam/db/database';
import { outcomeTitleForLead } from '@quizbeam/quiz-engine/labels';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { deliveredAnswers, storedCategoryScores, storedResponses } from './deliveredAnswers';
import { leadFieldsForDelivery } from './deliveredLeadFields';
import { snapshotUrlFields, urlFieldsForDelivery } from './deliveredUrlFields';
import type { LeadForDelivery } from './leadPayload';
import { leadConversionContext } from './senders/conversionSenderLead';
import { loadSnapshotWords } from './snapshotWords';

const leadRows = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      quiz_id: z.string(),
      snapshot_id: z.string().nullable(),
      email: z.string(),
      name: z.string().nullable(),
      outcome_id: z.number().nullable(),
      score: z.number(),
      answers: z.unknown(),
      category_scores: z.unknown(),
      fields: z.unknown(),
      url_fields: z.unknown(),
      consent: z.boolean(),
      consent_text: z.string().nullable(),
      created_at: z.coerce.date(),
      visit_id: z.string(),
      measurement: z.unknown(),
      published_at: z.unknown(),
    }),
  ),
});

const snapshotUrlFieldRows = z.object({
  rows: z.array(z.object({ id: z.string(), url_fields: z.unknown() })),
});

/** Each version's URL fields with their mappings, by snapshot id (each document read once). */
async function loadSnapshotUrlFields(
  db: Database,
  snapshotIds: readonly string[],
): Promise<Map<string, UrlField[]>> {
  const ids = [...new Set(snapshotIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select id, document->'urlFields' as url_fields from published_snapshots
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    snapshotUrlFieldRows.parse(result).rows.map((row) => [row.id, snapshotUrlFields(row.url_fields)]),
  );
}

/**
 * The leads of claimed deliveries, by id, as destinations see them: the quiz's name, the outcome's title and
 * every question's and answer's label come from the snapshot the visitor answered, so they read as the
 * visitor saw them. Each snapshot is read once for all its leads.
 */
export async function loadLeadsForDelivery(
  db: Database,
  leadIds: readonly string[],
): Promise<Map<string, LeadForDelivery>> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select id, quiz_id, snapshot_id, email, name, outcome_id, score, answers, category_scores, fields,
      url_fields, consent, consent_text, created_at, visit_id, measurement,
      (select jsonb_build_object('host', s.host, 'slug', s.slug) from published_snapshots s
        where s.id = leads.snapshot_id) as published_at
    from leads
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = leadRows.parse(result).rows;
  const snapshotIds = rows.flatMap((row) => (row.snapshot_id ? [row.snapshot_id] : []));
  const snapshots = await loadSnapshotWords(db, snapshotIds);
  const urlFieldLists = await loadSnapshotUrlFields(db, snapshotIds);
  const leads = new Map<string, LeadForDelivery>();
  for (const row of rows) {
    const words = row.snapshot_id ? snapshots.get(row.snapshot_id) : undefined;
    const quizType = words?.quizType ?? 'general';
    const categories = storedCategoryScores(row.category_scores);
    const maxScore = words?.maxScore ?? row.score;
    const outcome =
      row.outcome_id === null
        ? null
        : {
            id: row.outcome_id,
            title: outcomeTitleForLead(words?.outcomeNames.get(row.outcome_id) ?? '', quizType, {
              score: row.score,
              maxScore,
              categories,
            }),
          };
    leads.set(row.id, {
      id: row.id,
      quizId: row.quiz_id,
      quizName: words?.quizName ?? null,
      email: row.email,
      name: row.name,
      outcome,
      quizType,
      score: row.score,
      percent: quizType === 'scored' ? percentOf(row.score, maxScore) : 0,
      answers: deliveredAnswers(storedResponses(row.answers), words?.questions),
      categories,
      fields: leadFieldsForDelivery(row.fields, words?.leadFields ?? []),
      ...urlFieldsForDelivery(
        row.url_fields,
        urlFieldLists.get(row.snapshot_id ?? '') ?? snapshotUrlFields(undefined),
      ),
      consent: row.consent,
      consentText: row.consent_text,
      createdAt: row.created_at,
      conversion: leadConversionContext(row),
    });
  }
  return leads;
}
