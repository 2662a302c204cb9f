import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import type { PublishedQuestion, PublishedQuizView, PublishedRange } from '../playerData';

export const questionById = (quiz: PublishedQuizView, id: number | null): PublishedQuestion | undefined =>
  quiz.questions.find((question) => question.id === id);

/** The first range holding the value (inclusive at both ends), as the engine's rangeOf. */
export const rangeOfValue = (question: PublishedQuestion, value: number): PublishedRange | undefined =>
  question.ranges?.find((range) => range.from <= value && value <= range.to);

/** Which response shape a question takes: the key its response carries. */
const RESPONSE_KEY = { choice: 'answerId', multi: 'answerIds', value: 'value', text: 'text' } as const;

/**
 * Where a response leads by the flow rules the server resolved (a question id, or null for the end), or
 * undefined when it does not fit the question. Several answers: the first chosen one (in list order) with a
 * rule of its own decides, else the question's rule; a value: the first range holding it, else the question's.
 */
export function nextAfterResponse(
  question: PublishedQuestion,
  response: Answered,
): number | null | undefined {
  if (response.questionId !== question.id || !(RESPONSE_KEY[questionKind(question.type)] in response))
    return undefined;
  if ('answerId' in response) return question.answers.find((answer) => answer.id === response.answerId)?.next;
  if ('answerIds' in response) {
    const chosen = question.answers.filter((answer) => response.answerIds.includes(answer.id));
    if (chosen.length === 0 || chosen.length !== response.answerIds.length) return undefined;
    return (chosen.find((answer) => answer.ownRule) ?? question).next;
  }
  if ('value' in response) return (rangeOfValue(question, response.value) ?? question).next;
  return question.next;
}

/**
 * The question a step leads to, or null when the quiz ends: a path never answers a question twice, so a
 * step back to an answered one ends the quiz (as the engine's nextStep does).
 */
export const questionAfter = (next: number | null, answeredIds: ReadonlySet<number>): number | null =>
  next !== null && !answeredIds.has(next) ? next : null;

/**
 * Where the answers leave the visitor: the question awaiting an answer, or null at the end of the quiz;
 * undefined when they are not a path through this quiz from its first question.
 */
export function questionAfterPath(
  quiz: PublishedQuizView,
  answers: readonly Answered[],
): number | null | undefined {
  let current: number | null = quiz.questions[0]?.id ?? null;
  const answeredIds = new Set<number>();
  for (const response of answers) {
    const question = questionById(quiz, current);
    const next = question && nextAfterResponse(question, response);
    if (!question || next === undefined) return undefined;
    answeredIds.add(question.id);
    current = questionAfter(next, answeredIds);
  }
  return current;
}
