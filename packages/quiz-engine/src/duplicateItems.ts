import type { Answer, Outcome, Question, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOMES, MAX_QUESTIONS } from '@quizbeam/contracts/quizConstants';
import { takeId } from './ids';
import { renumber } from './ranks';

/** The quiz schema's limit for an outcome's name; the copy's suffix must fit inside it. */
const OUTCOME_NAME_MAX_LENGTH = 500;
const COPY_SUFFIX = ' (copy)';

/** The name of an outcome's copy: "{name} (copy)", the name shortened when the suffix would not fit. */
export function copiedOutcomeName(name: string): string {
  const base = name.trimEnd();
  if (base === '') return COPY_SUFFIX.trim();
  return `${base.slice(0, OUTCOME_NAME_MAX_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * Inserts a copy of the question right after it, with new ids for the question and each of its answers
 * (taken from `nextId` in document order: the question's first, so the copy's id is the `nextId` the quiz
 * had), and renumbers the ranks. Everything else is kept as it is: the text, the settings, the answers'
 * points and outcome links, and every flow rule of the copy (it leads where the original leads). Rules
 * elsewhere that jump to the original keep jumping to the original, and the capture form stays where it
 * was. Unknown id, or a quiz already at MAX_QUESTIONS: the same quiz.
 */
export function duplicateQuestion(quiz: Quiz, questionId: number): Quiz {
  const index = quiz.questions.findIndex((question) => question.id === questionId);
  const original = quiz.questions[index];
  if (!original || quiz.questions.length >= MAX_QUESTIONS) return quiz;
  let counted = takeId(quiz);
  const copyId = counted.id;
  const answers: Answer[] = original.answers.map((answer) => {
    counted = takeId(counted.quiz);
    return { ...answer, id: counted.id };
  });
  const copy: Question = { ...original, id: copyId, answers };
  const questions = quiz.questions.toSpliced(index + 1, 0, copy);
  return { ...counted.quiz, questions: renumber(questions) };
}

/**
 * Inserts a copy of the outcome right after it, with a new id (the `nextId` the quiz had), named
 * "{name} (copy)" and ranks renumbered. Its descriptions, image, redirect, call to action, capture settings
 * and score interval come along; in a scored quiz the interval then overlaps the original's, which the
 * quiz's warnings point out until the marketer changes one. No answer links to the copy. Unknown id, or a
 * quiz already at MAX_OUTCOMES: the same quiz.
 */
export function duplicateOutcome(quiz: Quiz, outcomeId: number): Quiz {
  const index = quiz.outcomes.findIndex((outcome) => outcome.id === outcomeId);
  const original = quiz.outcomes[index];
  if (!original || quiz.outcomes.length >= MAX_OUTCOMES) return quiz;
  const { quiz: counted, id } = takeId(quiz);
  const copy: Outcome = { ...original, id, name: copiedOutcomeName(original.name) };
  return { ...counted, outcomes: renumber(quiz.outcomes.toSpliced(index + 1, 0, copy)) };
}
