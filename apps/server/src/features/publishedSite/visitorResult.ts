import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { followedResponses } from '@quizbeam/quiz-engine/responses';
import { quizResult } from '@quizbeam/quiz-engine/results';
import { AppError } from '../../shared/appError';

export type ComputedResult = Omit<VisitorResult, 'descriptionIndex' | 'outcome'>;

/**
 * The result of a finished walk through the quiz, computed here and never taken from the browser. The
 * answers must be exactly a path the flow allows, from the first question to the end, each fitting its
 * question's type and settings; anything else is a 400.
 */
export function visitorResult(quiz: Quiz, maxScore: number, answers: Answered[]): ComputedResult {
  const effects = followedResponses(quiz, answers);
  if (!effects) {
    throw new AppError(
      'validation_failed',
      'These answers do not follow the quiz from its first question to its end.',
    );
  }
  const result = quizResult(quiz, maxScore, answers, effects);
  const showCategoryBars =
    quiz.type === 'scored' && result.categories.length > 0 && quiz.scoring?.showCategoryBars === true;
  return { ...result, showCategoryBars };
}
