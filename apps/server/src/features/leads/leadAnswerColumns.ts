import { categoryColumn } from '@quizbeam/contracts/leads';
import type { DeliveredAnswer } from '@quizbeam/contracts/webhooks';
import type { Database } from '@quizbeam/db/database';
import { deliveredAnswers, storedCategoryScores, storedResponses } from '../delivery/deliveredAnswers';
import { leadFieldDisplay, storedLeadFields } from '../delivery/deliveredLeadFields';
import { loadLeadSnapshotWords } from '../delivery/snapshotWords';
import { type CsvRow, inertText } from './leadsCsvCells';

/** What a lead row holds that the answer columns read. */
export interface LeadWithAnswers {
  snapshotId: string;
  answers: unknown;
  categoryScores: unknown;
  fields: unknown;
}

/**
 * The Leads CSV's columns after the fixed ones: one per field of the capture form, one per question, then
 * one per category.
 */
export interface LeadAnswerColumns {
  headers: string[];
  cellsOf(lead: LeadWithAnswers): CsvRow;
}

/** A multi-select's labels joined with "; "; a value stays a number unless it has a unit to show. */
function answerCell(answer: DeliveredAnswer): string | number {
  if ('answerId' in answer) return inertText(answer.answer);
  if ('answerIds' in answer) return inertText(answer.answers.join('; '));
  if ('value' in answer) return 'unit' in answer && answer.unit ? inertText(answer.display) : answer.value;
  return inertText(answer.text);
}

/**
 * The columns of the versions the quiz's leads answered: the latest version's questions in its order, then
 * any question only older versions had; each headed by its label in the latest version that has it.
 * The capture form's fields (by field id) and categories likewise.
 */
export async function leadAnswerColumns(db: Database, quizId: string): Promise<LeadAnswerColumns> {
  const snapshots = await loadLeadSnapshotWords(db, quizId);
  const questionLabels = new Map<number, string>();
  const categoryNames = new Map<number, string>();
  const fieldLabels = new Map<string, string>();
  for (const words of [...snapshots.values()].sort((a, b) => b.version - a.version)) {
    for (const field of words.leadFields)
      if (!fieldLabels.has(field.id)) fieldLabels.set(field.id, field.label.trim());
    for (const [id, question] of words.questions)
      if (!questionLabels.has(id)) questionLabels.set(id, question.label);
    for (const [id, name] of words.categoryNames) if (!categoryNames.has(id)) categoryNames.set(id, name);
  }
  const headers = [
    ...fieldLabels.values(),
    ...questionLabels.values(),
    ...[...categoryNames.values()].map(categoryColumn),
  ].map(inertText);
  return {
    headers,
    cellsOf(lead) {
      const questions = snapshots.get(lead.snapshotId)?.questions;
      const answers = new Map<number, string | number>(
        deliveredAnswers(storedResponses(lead.answers), questions).map((answer) => [
          answer.questionId,
          answerCell(answer),
        ]),
      );
      const categories = new Map(
        storedCategoryScores(lead.categoryScores).map((category) => [category.id, category]),
      );
      const fields = storedLeadFields(lead.fields);
      return [
        ...[...fieldLabels.keys()].map((id) => {
          const field = fields[id];
          return field ? inertText(leadFieldDisplay(field.value)) : '';
        }),
        ...[...questionLabels.keys()].map((id) => answers.get(id) ?? ''),
        ...[...categoryNames.keys()].map((id) => {
          const category = categories.get(id);
          return category ? `${category.score} (${category.percent}%)` : '';
        }),
      ];
    },
  };
}
