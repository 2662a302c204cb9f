import type { SubscriberLead } from '../../autoresponderClient';

/*
 * Drip creates a custom field the first time a subscriber carries it, so a lead's data goes as fields with no
 * setup: the quiz, the outcome, a scored quiz's score and category percentages, each answer and the capture
 * form's fields the marketer mapped to a Drip field. Identifiers
 * are kept to lowercase letters, digits and underscores, starting with a letter: Drip is reported to drop
 * every field of a call when one key is malformed.
 */

const MAX_NAME_PART = 40;

/** "How many people work here?" → "how_many_people_work_here"; '' when nothing latin is left. */
export function fieldNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_NAME_PART)
    .replace(/_+$/, '');
}

/** `answer_<question>` (`answer_<id>` when the label has no latin letters), made unique within the lead. */
function answerKey(answer: { questionId: number; question: string }, taken: Set<string>): string {
  const part = fieldNamePart(answer.question);
  const key = part ? `answer_${part}` : `answer_${answer.questionId}`;
  return taken.has(key) ? `${key}_${answer.questionId}` : key;
}

/** `category_<name>_percent` (`category_<n>_percent`, counting from 1, when the name has no latin letters). */
function categoryKey(name: string, position: number, taken: Set<string>): string {
  const part = fieldNamePart(name) || String(position);
  const key = `category_${part}_percent`;
  return taken.has(key) ? `category_${part}_${position}_percent` : key;
}

export function dripCustomFields(lead: SubscriberLead): Record<string, string> {
  const fields: Record<string, string> = { quiz_name: lead.quizName };
  if (lead.score !== null) fields.score = String(lead.score);
  if (lead.outcomeName !== null) fields.outcome = lead.outcomeName;
  const taken = new Set(Object.keys(fields));
  const add = (key: string, value: string) => {
    taken.add(key);
    fields[key] = value;
  };
  (lead.categories ?? []).forEach((category, index) => {
    add(categoryKey(category.name, index + 1, taken), String(category.percent));
  });
  for (const answer of lead.answers ?? []) add(answerKey(answer, taken), answer.display);
  // The capture form's fields under the identifiers the marketer mapped them to (they win over the above).
  for (const field of lead.fields ?? []) {
    const key = fieldNamePart(field.name);
    if (key) add(key, field.value);
  }
  return fields;
}
