import type { Quiz, QuizType } from '@quizbeam/contracts/quiz';
import type { Template, TemplateForNewQuiz, TemplateSummary } from '@quizbeam/contracts/templates';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addOutcome, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';

/** A quiz with one question per entry (its answers' texts) and one outcome per name, built by the engine. */
export function quizWith(
  base: { id: string; name: string; type: QuizType },
  content: { questions: { text: string; answers: string[] }[]; outcomes: string[] },
): Quiz {
  let quiz = newQuiz(base);
  for (const name of content.outcomes) {
    const added = addOutcome(quiz);
    quiz = updateOutcome(added.quiz, added.outcomeId, { name });
  }
  for (const { text, answers } of content.questions) {
    const added = addQuestion(quiz);
    quiz = updateQuestion(added.quiz, added.questionId, { text });
    for (const answerText of answers) {
      const answer = addAnswer(quiz, added.questionId);
      quiz = updateAnswer(answer.quiz, added.questionId, answer.answerId, { text: answerText });
    }
  }
  return quiz;
}

/** Template t1, "Dog Personality": two questions, two outcomes, in category c1. */
export function sampleTemplate(overrides: Partial<Template> = {}): Template {
  const id = overrides.id ?? 't1';
  const name = overrides.name ?? 'Dog Personality';
  const type = overrides.type ?? 'general';
  return {
    id,
    name,
    type,
    categoryId: 'c1',
    description: 'Match visitors with the dog that suits their home.',
    pointOfQuiz: 'Recommend the right breed and capture the lead',
    isExtra: false,
    isAvailableForNewQuizzes: true,
    revision: 3,
    quiz: quizWith(
      { id, name, type },
      {
        questions: [
          { text: 'How big is your home?', answers: ['An apartment', 'A house with a yard'] },
          { text: 'How active are you?', answers: ['Couch first', 'Out every morning'] },
        ],
        outcomes: ['Calm Companion', 'Adventure Buddy'],
      },
    ),
    ...overrides,
  };
}

export function templateSummary(overrides: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    id: 't1',
    name: 'Dog Personality',
    type: 'general',
    categoryId: 'c1',
    isExtra: false,
    isAvailableForNewQuizzes: true,
    questionCount: 2,
    outcomeCount: 2,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function templateForNewQuiz(overrides: Partial<TemplateForNewQuiz> = {}): TemplateForNewQuiz {
  return {
    id: 't1',
    name: 'Dog Personality',
    type: 'general',
    categoryId: 'c1',
    description: 'Match visitors with the dog that suits their home.',
    pointOfQuiz: 'Recommend the right breed and capture the lead',
    questionCount: 2,
    outcomeCount: 2,
    isExtra: false,
    locked: false,
    ...overrides,
  };
}

export const sampleCategories = [
  { id: 'c2', name: 'Beauty' },
  { id: 'c1', name: 'Pets' },
];
