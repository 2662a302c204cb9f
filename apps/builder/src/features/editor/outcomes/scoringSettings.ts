import type { Quiz, ScoringSettings } from '@quizbeam/contracts/quiz';
import type { QuizChange } from '../store/quizHistory';

/** What a quiz without scoring settings does: outcomes by score, no category bars. */
export const DEFAULT_SCORING: ScoringSettings = { outcomeBy: 'score', showCategoryBars: false };

export const scoringOf = (quiz: Pick<Quiz, 'scoring'>): ScoringSettings => quiz.scoring ?? DEFAULT_SCORING;

/** Changes one scoring setting, keeping the other as the quiz has it when the change applies. */
export const setScoring =
  (patch: Partial<ScoringSettings>): QuizChange =>
  (quiz) => ({ ...quiz, scoring: { ...scoringOf(quiz), ...patch } });
