import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { QuestionType } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import { categoryScoreSchema } from '@quizbeam/contracts/visitorEvents';
import type { DeliveredAnswer } from '@quizbeam/contracts/webhooks';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import { z } from 'zod';
import type { QuestionWords } from './snapshotWords';

type ChoiceType = Extract<DeliveredAnswer, { answerId: number }>['type'];
type MultiType = Extract<DeliveredAnswer, { answerIds: number[] }>['type'];
const isChoiceType = (type: QuestionType): type is ChoiceType => questionKind(type) === 'choice';
const isMultiType = (type: QuestionType): type is MultiType => questionKind(type) === 'multi';

const storedResponseSchema = z.union([
  z.object({ questionId: z.number(), answerId: z.number() }),
  z.object({ questionId: z.number(), answerIds: z.array(z.number()) }),
  z.object({ questionId: z.number(), value: z.number() }),
  z.object({ questionId: z.number(), text: z.string() }),
]);

/** `leads.answers` as responses; an item no response shape fits is left out rather than failing the lead. */
export function storedResponses(stored: unknown): QuestionResponse[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const parsed = storedResponseSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const storedCategoriesSchema = z.array(categoryScoreSchema).catch([]);

/** `leads.category_scores` as category scores ([] for anything else). */
export const storedCategoryScores = (stored: unknown): CategoryScore[] =>
  storedCategoriesSchema.parse(stored);

/** The chosen ids in the question's order (ids the version does not list go last, as sent). */
function inQuestionOrder(answerIds: readonly number[], question: QuestionWords | undefined): number[] {
  if (!question) return [...answerIds];
  const positions = new Map([...question.answers.keys()].map((id, index) => [id, index]));
  const position = (id: number) => positions.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...answerIds].sort((a, b) => position(a) - position(b));
}

/**
 * One response with the labels of the version the visitor answered (`question` is that version's words for
 * it, undefined when it no longer has the question: then "Question {id}" and "Answer {id}" stand in, and the
 * type follows the response's shape).
 */
export function deliveredAnswerOf(
  response: QuestionResponse,
  question: QuestionWords | undefined,
): DeliveredAnswer {
  const { questionId } = response;
  const label = question?.label ?? `Question ${questionId}`;
  const answerLabel = (answerId: number) => question?.answers.get(answerId) ?? `Answer ${answerId}`;
  if ('answerId' in response) {
    const type = question && isChoiceType(question.type) ? question.type : 'single_list';
    const answer = answerLabel(response.answerId);
    return { questionId, question: label, type, answerId: response.answerId, answer, display: answer };
  }
  if ('answerIds' in response) {
    const type = question && isMultiType(question.type) ? question.type : 'multi_list';
    const answerIds = inQuestionOrder(response.answerIds, question);
    const answers = answerIds.map(answerLabel);
    return {
      questionId,
      question: label,
      type,
      answerIds,
      answers,
      display: answers.join(', '),
    };
  }
  if ('value' in response) {
    const { value } = response;
    if (question?.type === 'rating') {
      return { questionId, question: label, type: 'rating', value, display: String(value) };
    }
    const unit = question?.unit ?? '';
    const display = unit ? `${value} ${unit}` : String(value);
    return { questionId, question: label, type: 'number_input', value, unit, display };
  }
  return { questionId, question: label, type: 'text_input', text: response.text, display: response.text };
}

/** The responses in the order answered, labelled by the version's words (a version that is gone: none). */
export function deliveredAnswers(
  responses: readonly QuestionResponse[],
  questions: ReadonlyMap<number, QuestionWords> | undefined,
): DeliveredAnswer[] {
  return responses.map((response) => deliveredAnswerOf(response, questions?.get(response.questionId)));
}
