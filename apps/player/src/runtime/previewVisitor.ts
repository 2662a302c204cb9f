import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { scoredOutcome, totalPoints } from '@quizbeam/quiz-engine/scoring';
import type { Visitor } from './visitor';

/** The result computed in the page, as the server would (preview, and the outcome's own form texts). */
export function localResult(quiz: Quiz, maxScore: number, answers: Answered[]): VisitorResult {
  const answerIds = answers.map((answered) => answered.answerId);
  if (quiz.type === 'scored') {
    const score = totalPoints(quiz, answerIds);
    return { outcomeId: scoredOutcome(quiz, score)?.id ?? null, score, maxScore, descriptionIndex: 0 };
  }
  return {
    outcomeId: mostAnsweredOutcome(quiz, answerIds)?.id ?? null,
    score: 0,
    maxScore: 0,
    descriptionIndex: 0,
  };
}

/** Preview: nothing is sent anywhere; the outcome comes from the engine. */
export function previewVisitor(quiz: Quiz, maxScore: number): Visitor {
  const result = async (answers: Answered[]) => localResult(quiz, maxScore, answers);
  return { track() {}, complete: result, submitLead: result };
}
