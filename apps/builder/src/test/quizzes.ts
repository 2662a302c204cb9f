import type { Quiz, QuizSummary } from '@quizbeam/contracts/quiz';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';

export function sampleQuiz(overrides: Partial<Quiz> = {}): Quiz {
  return { ...newQuiz({ id: 'quiz-7', name: 'Which Dog Are You?', type: 'general' }), ...overrides };
}

export function quizSummary(overrides: Partial<QuizSummary> = {}): QuizSummary {
  return {
    id: 'quiz-1',
    name: 'Which Dog Are You?',
    type: 'general',
    theme: 'black-white',
    backgroundImage: null,
    isPublished: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
