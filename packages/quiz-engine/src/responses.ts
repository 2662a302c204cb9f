import type { Answer, FlowRule, OutcomeLink, Question, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_TEXT_ANSWER_LENGTH } from '@quizbeam/contracts/quizConstants';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import { flowIndex, resolveNext, type Step } from './flow';
import { isAcceptedValue, outcomeLinks, questionKind, rangeOf, selectionBounds } from './questionTypes';

/*
 * What a visitor's response to a question gives: its points, the outcomes it counts toward and where the quiz
 * goes next. The same rules for the server (which recomputes every result) and the editor's preview.
 */

/** A response's effect; `rule` is null when the question's own rule applies. */
export type ResponseEffect = { points: number; links: OutcomeLink[]; rule: FlowRule | null };

const ownRule = (item: { next: FlowRule }): FlowRule | null =>
  item.next.behaviour === 'follow_question' ? null : item.next;

/** The chosen answers of a multi-select response in list order, or null when the choice is not allowed. */
function chosenAnswers(question: Question, answerIds: readonly number[]): Answer[] | null {
  const chosen = new Set(answerIds);
  if (chosen.size !== answerIds.length) return null;
  const answers = question.answers.filter((answer) => chosen.has(answer.id));
  const { min, max } = selectionBounds(question);
  if (answers.length !== chosen.size || answers.length < Math.max(1, min) || answers.length > max)
    return null;
  return answers;
}

/**
 * The effect of `response` on `question`, or null when the response does not fit the question: another
 * question's id, a shape of another type, an unknown answer, a choice count outside the question's bounds, a
 * value it does not offer, a text too long, or an empty text where one is required.
 *
 * Multi-select: the chosen answers' points add up and each counts toward its outcomes; the first chosen answer
 * (in the question's order) with a rule of its own decides where the quiz goes. Rating and number: the first
 * range holding the value applies; a value in no range gives 0 points.
 */
export function responseEffect(question: Question, response: QuestionResponse): ResponseEffect | null {
  if (response.questionId !== question.id) return null;
  const kind = questionKind(question.type);
  if ('answerId' in response) {
    if (kind !== 'choice') return null;
    const answer = question.answers.find((candidate) => candidate.id === response.answerId);
    return answer ? { points: answer.points, links: outcomeLinks(answer), rule: ownRule(answer) } : null;
  }
  if ('answerIds' in response) {
    if (kind !== 'multi') return null;
    const answers = chosenAnswers(question, response.answerIds);
    if (!answers) return null;
    const ruled = answers.find((answer) => ownRule(answer) !== null);
    return {
      points: answers.reduce((sum, answer) => sum + answer.points, 0),
      links: answers.flatMap(outcomeLinks),
      rule: ruled ? ownRule(ruled) : null,
    };
  }
  if ('value' in response) {
    if (kind !== 'value' || !isAcceptedValue(question, response.value)) return null;
    const range = rangeOf(question, response.value);
    return range ? { points: range.points, links: outcomeLinks(range), rule: ownRule(range) } : NOTHING;
  }
  if (kind !== 'text' || response.text.length > MAX_TEXT_ANSWER_LENGTH) return null;
  if (response.text.trim() === '' && question.optional !== true) return null;
  return NOTHING;
}

const NOTHING: ResponseEffect = { points: 0, links: [], rule: null };

/** Where the quiz goes after an accepted response (see `resolveNext`). */
export function stepAfter(quiz: Quiz, question: Question, effect: ResponseEffect): Step {
  return resolveNext(flowIndex(quiz), question, effect.rule ? { next: effect.rule } : null);
}

/**
 * The effects of responses that walk the quiz exactly: from the first question, each response fits the
 * question being shown and leads to the next response's question, and the last one ends the quiz (a step back
 * to an answered question ends it too). Null for anything else.
 */
export function followedResponses(
  quiz: Quiz,
  responses: readonly QuestionResponse[],
): ResponseEffect[] | null {
  const index = flowIndex(quiz);
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const answered = new Set<number>();
  const effects: ResponseEffect[] = [];
  let current: number | undefined = index.order[0];
  for (const response of responses) {
    const question = current === undefined ? undefined : byId.get(current);
    if (!question) return null;
    const effect = responseEffect(question, response);
    if (!effect) return null;
    effects.push(effect);
    answered.add(question.id);
    const step = resolveNext(index, question, effect.rule ? { next: effect.rule } : null);
    current = step.kind === 'question' && !answered.has(step.questionId) ? step.questionId : undefined;
  }
  return current === undefined && effects.length > 0 ? effects : null;
}
