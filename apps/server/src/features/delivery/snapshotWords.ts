import { type LeadFormField, leadFormFieldSchema } from '@quizbeam/contracts/leadFormFields';
import { type QuestionType, questionTypeSchema } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { answerLabels, questionLabel } from '@quizbeam/quiz-engine/labels';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

// What labels need of a snapshot's document, read leniently: a field an old document lacks is blank.
const text = z.string().catch('');
const snapshotAnswer = z.object({
  id: z.number(),
  text,
  imageCaption: text,
  image: z.object({ filename: text }).nullable().catch(null),
});
const snapshotQuestion = z.object({
  id: z.number(),
  rank: z.number(),
  text,
  type: questionTypeSchema.catch('single_list'),
  number: z.object({ unit: text }).nullish().catch(null),
  answers: z.array(snapshotAnswer).catch([]),
});
const snapshotRows = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      version: z.number(),
      quiz_name: z.string().nullable(),
      quiz_type: z.enum(['general', 'scored']).catch('general'),
      max_score: z.number().nullable(),
      outcomes: z.array(z.object({ id: z.number(), name: text })).catch([]),
      questions: z.array(snapshotQuestion).catch([]),
      categories: z.array(z.object({ id: z.number(), name: text })).catch([]),
      lead_fields: z.array(leadFormFieldSchema).catch([]),
    }),
  ),
});

/** A question's words in one published version. */
export interface QuestionWords {
  label: string;
  type: QuestionType;
  /** A number question's unit ('' when it has none or is another type). */
  unit: string;
  /** Each answer's label by id, in the question's order. */
  answers: Map<number, string>;
}

/** What the leads of one published version share: the quiz's words as that version's visitors saw them. */
export interface SnapshotWords {
  version: number;
  quizName: string | null;
  quizType: 'general' | 'scored';
  maxScore: number | null;
  outcomeNames: Map<number, string>;
  /** By id, in the order the questions are listed. */
  questions: Map<number, QuestionWords>;
  /** Category names by id, in the quiz's order. */
  categoryNames: Map<number, string>;
  /** The capture form's own fields with their mappings, in the form's order. */
  leadFields: LeadFormField[];
}

async function snapshotWordsWhere(db: Database, condition: SQL): Promise<Map<string, SnapshotWords>> {
  const result = await db.execute(sql`
    select id, version, document->>'name' as quiz_name, document->>'type' as quiz_type, max_score,
      document->'outcomes' as outcomes, document->'questions' as questions,
      document->'categories' as categories, document->'leadCaptureSettings'->'fields' as lead_fields
    from published_snapshots
    where ${condition}`);
  const words = new Map<string, SnapshotWords>();
  for (const row of snapshotRows.parse(result).rows) {
    const questions = [...row.questions].sort((a, b) => a.rank - b.rank);
    words.set(row.id, {
      version: row.version,
      quizName: row.quiz_name,
      quizType: row.quiz_type,
      maxScore: row.max_score,
      outcomeNames: new Map(row.outcomes.map((outcome) => [outcome.id, outcome.name])),
      questions: new Map(
        questions.map((question) => [
          question.id,
          {
            label: questionLabel(question),
            type: question.type,
            unit: question.type === 'number_input' ? (question.number?.unit.trim() ?? '') : '',
            answers: answerLabels(question),
          },
        ]),
      ),
      categoryNames: new Map(row.categories.map((category) => [category.id, category.name])),
      leadFields: row.lead_fields,
    });
  }
  return words;
}

/** The words of these snapshots, by snapshot id (each read once, however many leads share it). */
export async function loadSnapshotWords(
  db: Database,
  snapshotIds: readonly string[],
): Promise<Map<string, SnapshotWords>> {
  const ids = [...new Set(snapshotIds)];
  if (ids.length === 0) return new Map();
  return snapshotWordsWhere(
    db,
    sql`id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/** The words of every published version of the quiz that some lead answered. */
export function loadLeadSnapshotWords(db: Database, quizId: string): Promise<Map<string, SnapshotWords>> {
  return snapshotWordsWhere(
    db,
    sql`quiz_id = ${quizId}::uuid and id in (select snapshot_id from leads where quiz_id = ${quizId}::uuid)`,
  );
}
