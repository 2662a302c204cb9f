import type { Answer, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_ANSWERS_PER_QUESTION, MAX_POINTS } from '@quizbeam/contracts/quizConstants';
import { normaliseRule } from './flowRules';
import { takeId } from './ids';
import { findQuestion, withQuestion } from './lookup';
import { answerDefaultRule } from './newQuiz';
import { moveToIndex } from './ranks';

/**
 * Appends an empty answer (0 points, no outcome, follows the question's rule) to the question.
 * Throws when the question does not exist or already has MAX_ANSWERS_PER_QUESTION answers.
 */
export function addAnswer(quiz: Quiz, questionId: number): { quiz: Quiz; answerId: number } {
  const question = findQuestion(quiz, questionId);
  if (!question) throw new Error(`Question ${questionId} does not exist.`);
  if (question.answers.length >= MAX_ANSWERS_PER_QUESTION) {
    throw new Error(`A question has at most ${MAX_ANSWERS_PER_QUESTION} answers.`);
  }
  const { quiz: counted, id } = takeId(quiz);
  const answer: Answer = {
    id,
    text: '',
    image: null,
    imageCaption: '',
    points: 0,
    outcome: null,
    next: answerDefaultRule(),
  };
  return {
    quiz: withQuestion(counted, questionId, (current) => ({
      ...current,
      answers: [...current.answers, answer],
    })),
    answerId: id,
  };
}

/** Removes the answer. Unknown ids: the same quiz. */
export function removeAnswer(quiz: Quiz, questionId: number, answerId: number): Quiz {
  return withQuestion(quiz, questionId, (question) =>
    question.answers.some((answer) => answer.id === answerId)
      ? { ...question, answers: question.answers.filter((answer) => answer.id !== answerId) }
      : question,
  );
}

/** Moves the answer to position `toIndex` (0-based, clamped) within its question. Unknown ids: the same quiz. */
export function moveAnswer(quiz: Quiz, questionId: number, answerId: number, toIndex: number): Quiz {
  return withQuestion(quiz, questionId, (question) => {
    const fromIndex = question.answers.findIndex((answer) => answer.id === answerId);
    if (fromIndex < 0) return question;
    return { ...question, answers: moveToIndex(question.answers, fromIndex, toIndex) };
  });
}

/** Points are whole numbers from 0 to MAX_POINTS; anything else is rounded and clamped (NaN is 0). */
export function clampPoints(points: number): number {
  if (!Number.isFinite(points)) return points === Number.POSITIVE_INFINITY ? MAX_POINTS : 0;
  return Math.min(MAX_POINTS, Math.max(0, Math.round(points)));
}

export type AnswerPatch = Partial<Omit<Answer, 'id'>>;

/**
 * Patches an answer. Points are clamped (see `clampPoints`); an outcome that does not exist becomes null;
 * the rule is normalised (a jump to a missing question falls back to follow_question). Unknown ids: the
 * same quiz.
 */
export function updateAnswer(quiz: Quiz, questionId: number, answerId: number, patch: AnswerPatch): Quiz {
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
  return withQuestion(quiz, questionId, (question) => {
    const index = question.answers.findIndex((answer) => answer.id === answerId);
    const answer = question.answers[index];
    if (!answer) return question;
    const updated: Answer = {
      ...answer,
      ...(patch.text !== undefined && { text: patch.text }),
      ...(patch.image !== undefined && { image: patch.image }),
      ...(patch.imageCaption !== undefined && { imageCaption: patch.imageCaption }),
      ...(patch.points !== undefined && { points: clampPoints(patch.points) }),
      ...(patch.outcome !== undefined && {
        outcome: patch.outcome !== null && outcomeIds.has(patch.outcome) ? patch.outcome : null,
      }),
      ...(patch.next !== undefined && { next: normaliseRule(patch.next, 'follow_question', questionIds) }),
    };
    return { ...question, answers: question.answers.with(index, updated) };
  });
}
