import type { Database } from '@quizbeam/db/database';
import { answerLabels, outcomeTitleForLead, questionLabel } from '@quizbeam/quiz-engine/labels';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AnsweredQuestion, LeadForDelivery } from './leadPayload';

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
      answers: z.array(z.object({ questionId: z.number(), answerId: z.number() })),
      utm: z.record(z.string(), z.string()),
      consent: z.boolean(),
      consent_text: z.string().nullable(),
      created_at: z.coerce.date(),
    }),
  ),
});

// What labels need of a snapshot's document, read leniently: a field an old document lacks is blank.
const text = z.string().catch('');
const snapshotAnswer = z.object({
  id: z.number(),
  text,
  imageCaption: text,
  image: z.object({ filename: text }).nullable().catch(null),
});
const snapshotRows = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      quiz_name: z.string().nullable(),
      quiz_type: z.enum(['general', 'scored']).catch('general'),
      max_score: z.number().nullable(),
      outcomes: z.array(z.object({ id: z.number(), name: text })).catch([]),
      questions: z
        .array(
          z.object({ id: z.number(), rank: z.number(), text, answers: z.array(snapshotAnswer).catch([]) }),
        )
        .catch([]),
    }),
  ),
});

/** What the leads of one published version share: the quiz's words as that version's visitors saw them. */
interface SnapshotWords {
  quizName: string | null;
  quizType: 'general' | 'scored';
  maxScore: number | null;
  outcomeNames: Map<number, string>;
  questions: Map<number, { label: string; answers: Map<number, string> }>;
}

async function loadSnapshotWords(db: Database, snapshotIds: string[]): Promise<Map<string, SnapshotWords>> {
  const words = new Map<string, SnapshotWords>();
  if (snapshotIds.length === 0) return words;
  const result = await db.execute(sql`
    select id, document->>'name' as quiz_name, document->>'type' as quiz_type, max_score,
      document->'outcomes' as outcomes, document->'questions' as questions
    from published_snapshots
    where id in (${sql.join(
      snapshotIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const row of snapshotRows.parse(result).rows) {
    words.set(row.id, {
      quizName: row.quiz_name,
      quizType: row.quiz_type,
      maxScore: row.max_score,
      outcomeNames: new Map(row.outcomes.map((outcome) => [outcome.id, outcome.name])),
      questions: new Map(
        row.questions.map((question) => [
          question.id,
          { label: questionLabel(question), answers: answerLabels(question) },
        ]),
      ),
    });
  }
  return words;
}

function labelled(
  answers: { questionId: number; answerId: number }[],
  words: SnapshotWords | undefined,
): AnsweredQuestion[] {
  return answers.map(({ questionId, answerId }) => {
    const question = words?.questions.get(questionId);
    return {
      questionId,
      question: question?.label ?? `Question ${questionId}`,
      answerId,
      answer: question?.answers.get(answerId) ?? `Answer ${answerId}`,
    };
  });
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
    select id, quiz_id, snapshot_id, email, name, outcome_id, score, answers, utm, consent, consent_text,
      created_at
    from leads
    where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = leadRows.parse(result).rows;
  const snapshotIds = [...new Set(rows.flatMap((row) => (row.snapshot_id ? [row.snapshot_id] : [])))];
  const snapshots = await loadSnapshotWords(db, snapshotIds);
  const leads = new Map<string, LeadForDelivery>();
  for (const row of rows) {
    const words = row.snapshot_id ? snapshots.get(row.snapshot_id) : undefined;
    const quizType = words?.quizType ?? 'general';
    const outcome =
      row.outcome_id === null
        ? null
        : {
            id: row.outcome_id,
            title: outcomeTitleForLead(words?.outcomeNames.get(row.outcome_id) ?? '', quizType, {
              score: row.score,
              maxScore: words?.maxScore ?? row.score,
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
      answers: labelled(row.answers, words),
      utm: row.utm,
      consent: row.consent,
      consentText: row.consent_text,
      createdAt: row.created_at,
    });
  }
  return leads;
}
