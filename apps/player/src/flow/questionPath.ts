import type { Answered } from '@quizbeam/contracts/visitorEvents';
import type { PublishedAnswer, PublishedQuestion, PublishedQuizView } from '../playerData';

export const questionById = (quiz: PublishedQuizView, id: number | null): PublishedQuestion | undefined =>
  quiz.questions.find((question) => question.id === id);

/**
 * The question an answer leads to, or null when the quiz ends. The server resolved the flow rules into
 * `next`; a path never answers a question twice, so a step back to an answered one ends the quiz (as the
 * engine's nextStep does).
 */
export const questionAfterAnswer = (
  answer: PublishedAnswer,
  answeredIds: ReadonlySet<number>,
): number | null => (answer.next !== null && !answeredIds.has(answer.next) ? answer.next : null);

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
  for (const { questionId, answerId } of answers) {
    const answer = questionById(quiz, current)?.answers.find((candidate) => candidate.id === answerId);
    if (current === null || questionId !== current || !answer) return undefined;
    answeredIds.add(current);
    current = questionAfterAnswer(answer, answeredIds);
  }
  return current;
}
