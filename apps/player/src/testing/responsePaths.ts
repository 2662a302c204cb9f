import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import { flowIndex } from '@quizbeam/quiz-engine/flow';
import {
  numberSettings,
  questionKind,
  ratingScale,
  ratingValues,
  selectionBounds,
} from '@quizbeam/quiz-engine/questionTypes';
import { responseEffect, stepAfter } from '@quizbeam/quiz-engine/responses';

/* Test-only: walks through a quiz with responses of every type, led by the quiz engine. */

/** Every choice of answers a multi-select question allows, each in list order. */
function allowedChoices(question: Question): number[][] {
  const { min, max } = selectionBounds(question);
  const choices: number[][] = [];
  const ids = question.answers.map((answer) => answer.id);
  for (let mask = 1; mask < 2 ** ids.length; mask++) {
    const chosen = ids.filter((_, index) => mask & (2 ** index));
    if (chosen.length >= min && chosen.length <= max) choices.push(chosen);
  }
  return choices;
}

/**
 * The responses tried at a question: the first three answers of a choice, every allowed multi-select choice,
 * every rating value, a number's bounds and the ends of its ranges, one text.
 */
export function sampleResponses(question: Question): QuestionResponse[] {
  const questionId = question.id;
  switch (questionKind(question.type)) {
    case 'choice':
      return question.answers.slice(0, 3).map((answer) => ({ questionId, answerId: answer.id }));
    case 'multi':
      return allowedChoices(question).map((answerIds) => ({ questionId, answerIds }));
    case 'value': {
      const { min, max } = numberSettings(question);
      const values =
        question.type === 'rating'
          ? ratingValues(ratingScale(question))
          : [min, max, ...(question.ranges ?? []).flatMap((range) => [range.from, range.to])];
      return [...new Set(values)].map((value) => ({ questionId, value }));
    }
    default:
      return [{ questionId, text: 'Some text' }];
  }
}

export interface ResponseStep {
  responses: QuestionResponse[];
  /** What the engine says comes after these responses: a question id, or null for the end. */
  next: number | null;
}

/** Every prefix of every walk through the quiz with the sample responses, by the engine's own rules. */
export function everyResponsePath(quiz: Quiz): ResponseStep[] {
  const steps: ResponseStep[] = [];
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const visit = (current: number | null, responses: QuestionResponse[]) => {
    steps.push({ responses, next: current });
    const question = current === null ? undefined : byId.get(current);
    if (!question) return;
    const answered = new Set([...responses.map((response) => response.questionId), question.id]);
    for (const response of sampleResponses(question)) {
      const effect = responseEffect(question, response);
      if (!effect) throw new Error(`The engine refuses ${JSON.stringify(response)}`);
      const step = stepAfter(quiz, question, effect);
      const next = step.kind === 'question' && !answered.has(step.questionId) ? step.questionId : null;
      visit(next, [...responses, response]);
    }
  };
  visit(flowIndex(quiz).order[0] ?? null, []);
  return steps;
}
