import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { scoredOutcome, totalPoints } from '@quizbeam/quiz-engine/scoring';
import type { PreviewData } from '../playerData';
import { visitorOutcomeOf } from '../result/visitorOutcomeOf';
import type { Visitor } from './visitor';

/** The result computed in the page, as the server computes it for published quizzes. */
export function localResult(quiz: Quiz, maxScore: number, answers: Answered[]): VisitorResult {
  const answerIds = answers.map((answered) => answered.answerId);
  const scored = quiz.type === 'scored';
  const score = scored ? totalPoints(quiz, answerIds) : 0;
  const outcome = scored ? scoredOutcome(quiz, score) : mostAnsweredOutcome(quiz, answerIds);
  const result = {
    outcomeId: outcome?.id ?? null,
    score,
    maxScore: scored ? maxScore : 0,
    descriptionIndex: 0,
  };
  return { ...result, outcome: visitorOutcomeOf(quiz, result) };
}

/**
 * Preview: nothing is sent anywhere; the outcome comes from the engine, over the quiz the preview page
 * carries. (The preview is framed on the builder's host with an opaque origin, where the visitor API
 * does not exist; computing here also keeps the preview working for a quiz that was never published.)
 */
export function previewVisitor({ quiz, maxScore }: PreviewData): Visitor {
  const result = async (answers: Answered[]) => localResult(quiz, maxScore, answers);
  return { track() {}, complete: result, submitLead: result };
}
