import type { Answer } from '@quizbeam/contracts/quiz';

/** From this many answers on, the list gets a filter box and shows only part of itself at a time. */
export const LONG_ANSWER_LIST = 12;
/** The most answer cards drawn at once: a 500-option dropdown stays quick to open and to edit. */
export const SHOWN_ANSWERS = 50;

/** The answers whose text or caption holds the search (any letter case); all of them for an empty search. */
export function filterAnswers(answers: Answer[], search: string): Answer[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return answers;
  return answers.filter(
    (answer) =>
      answer.text.toLowerCase().includes(needle) || answer.imageCaption.toLowerCase().includes(needle),
  );
}
