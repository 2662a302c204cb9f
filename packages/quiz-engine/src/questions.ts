import type { FlowRule, Question, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_QUESTIONS } from '@quizbeam/contracts/quizConstants';
import { normaliseRule, resetRule } from './flowRules';
import { takeId } from './ids';
import { withQuestion } from './lookup';
import { questionDefaultRule } from './newQuiz';
import { moveToIndex, renumber } from './ranks';

/**
 * Appends an empty text question (no answers, next in list) at the end.
 * Throws when the quiz already has MAX_QUESTIONS questions.
 */
export function addQuestion(quiz: Quiz): { quiz: Quiz; questionId: number } {
  if (quiz.questions.length >= MAX_QUESTIONS)
    throw new Error(`A quiz has at most ${MAX_QUESTIONS} questions.`);
  const { quiz: counted, id } = takeId(quiz);
  const question: Question = {
    id,
    rank: quiz.questions.length + 1,
    type: 'single_list',
    image: null,
    text: '',
    answers: [],
    next: questionDefaultRule(),
  };
  return { quiz: { ...counted, questions: renumber([...quiz.questions, question]) }, questionId: id };
}

const pointsAt = (rule: FlowRule, questionId: number) =>
  rule.behaviour === 'specific_question' && rule.target === questionId;

/**
 * Removes the question and renumbers the rest. Every question or answer rule that jumped to it goes back to
 * its default behaviour (next_in_list / follow_question) with no target. Unknown id: the same quiz.
 */
export function removeQuestion(quiz: Quiz, questionId: number): Quiz {
  if (!quiz.questions.some((question) => question.id === questionId)) return quiz;
  const questions = renumber(quiz.questions.filter((question) => question.id !== questionId)).map(
    (question) => {
      const answersPointing = question.answers.some((answer) => pointsAt(answer.next, questionId));
      if (!answersPointing && !pointsAt(question.next, questionId)) return question;
      return {
        ...question,
        next: pointsAt(question.next, questionId) ? resetRule(question.next) : question.next,
        answers: answersPointing
          ? question.answers.map((answer) =>
              pointsAt(answer.next, questionId) ? { ...answer, next: resetRule(answer.next) } : answer,
            )
          : question.answers,
      };
    },
  );
  return { ...quiz, questions };
}

/** Moves the question to list position `toIndex` (0-based, clamped) and renumbers. Unknown id: the same quiz. */
export function moveQuestion(quiz: Quiz, questionId: number, toIndex: number): Quiz {
  const fromIndex = quiz.questions.findIndex((question) => question.id === questionId);
  if (fromIndex < 0) return quiz;
  return { ...quiz, questions: renumber(moveToIndex(quiz.questions, fromIndex, toIndex)) };
}

export type QuestionPatch = Partial<Pick<Question, 'text' | 'image' | 'type' | 'next'>>;

/**
 * Patches a question's text, image, type or flow rule. The rule is normalised (see `normaliseRule`): a jump
 * to a question that does not exist falls back to next_in_list. Changing the type keeps the answers as
 * they are (text and image both stay). Unknown id: the same quiz.
 */
export function updateQuestion(quiz: Quiz, questionId: number, patch: QuestionPatch): Quiz {
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  return withQuestion(quiz, questionId, (question) => ({
    ...question,
    ...(patch.text !== undefined && { text: patch.text }),
    ...(patch.image !== undefined && { image: patch.image }),
    ...(patch.type !== undefined && { type: patch.type }),
    ...(patch.next !== undefined && { next: normaliseRule(patch.next, 'next_in_list', questionIds) }),
  }));
}
