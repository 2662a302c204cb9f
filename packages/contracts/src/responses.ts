/*
 * A visitor's response to one question, as the page sends it and leads store it. Plain types (no zod): the
 * visitor's page and the quiz engine use them; `visitorEvents.ts` holds the schema that checks them.
 */

/** single_list, image_single_list, dropdown: the chosen answer. */
export type ChoiceResponse = { questionId: number; answerId: number };
/** multi_list, image_multi_list: the chosen answers, in the order they are listed. */
export type MultiChoiceResponse = { questionId: number; answerIds: number[] };
/** rating, number_input: the value given. */
export type ValueResponse = { questionId: number; value: number };
/** text_input: the text typed ('' when an optional question was left empty). */
export type TextResponse = { questionId: number; text: string };

export type QuestionResponse = ChoiceResponse | MultiChoiceResponse | ValueResponse | TextResponse;

/** Every answer id a response chose (none for values and texts). */
export function chosenAnswerIds(response: QuestionResponse): number[] {
  if ('answerId' in response) return [response.answerId];
  if ('answerIds' in response) return response.answerIds;
  return [];
}
