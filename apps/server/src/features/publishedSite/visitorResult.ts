import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { pathQuestionIds } from '@quizbeam/quiz-engine/flow';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { scoredOutcome, totalPoints } from '@quizbeam/quiz-engine/scoring';
import { AppError } from '../../shared/appError';

export type ComputedResult = Omit<VisitorResult, 'descriptionIndex' | 'outcome'>;

/**
 * The result of a finished walk through the quiz, computed here and never taken from the browser. The
 * answers must be exactly a path the flow allows, from the first question to the end; anything else is a 400.
 */
export function visitorResult(quiz: Quiz, maxScore: number, answers: Answered[]): ComputedResult {
  const answerIds = answers.map((answered) => answered.answerId);
  const path = pathQuestionIds(quiz, answerIds);
  const followsFlow =
    path.length === answers.length &&
    answers.every((answered, index) => {
      const question = quiz.questions.find((candidate) => candidate.id === path[index]);
      return (
        answered.questionId === path[index] &&
        question?.answers.some((answer) => answer.id === answered.answerId) === true
      );
    });
  if (!followsFlow) {
    throw new AppError(
      'validation_failed',
      'These answers do not follow the quiz from its first question to its end.',
    );
  }
  if (quiz.type === 'scored') {
    const score = totalPoints(quiz, answerIds);
    return { outcomeId: scoredOutcome(quiz, score)?.id ?? null, score, maxScore };
  }
  return { outcomeId: mostAnsweredOutcome(quiz, answerIds)?.id ?? null, score: 0, maxScore: 0 };
}
