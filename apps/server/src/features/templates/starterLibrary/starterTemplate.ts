import type { Quiz, QuizType } from '@quizbeam/contracts/quiz';

/*
 * The starter template library as the seed loads it: categories and templates shipped as data in this
 * folder, each with a stable key so `templates:seed` adds only what an existing database lacks and never
 * overwrites what an admin changed.
 */

export interface StarterCategory {
  /** Stable across releases, e.g. 'lead-generation'. */
  key: string;
  name: string;
}

export interface StarterTemplate {
  /** Stable across releases, e.g. 'which-plan-fits-you'. */
  key: string;
  categoryKey: string;
  name: string;
  type: QuizType;
  description: string;
  pointOfQuiz: string;
  isExtra: boolean;
  isAvailableForNewQuizzes: boolean;
  /** A complete quiz document (contracts' quizSchema); its id is a placeholder the seed replaces. */
  quiz: Quiz;
}

export interface StarterLibrary {
  categories: StarterCategory[];
  templates: StarterTemplate[];
}
