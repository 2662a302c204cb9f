import type { Quiz } from '@quizbeam/contracts/quiz';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addOutcome, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';

const QUESTIONS: { text: string; answers: string[] }[] = [
  {
    text: 'How do you like to spend a free Saturday morning?',
    answers: ['Out on a long run', 'Brunch with friends', 'Reading with a coffee', 'Starting a new project'],
  },
  {
    text: 'Which of these would you pack first for a weekend away?',
    answers: ['Trail shoes', 'A good camera', 'A novel', 'My sketchbook'],
  },
];

const OUTCOMES = [
  { name: 'The Adventurer', text: 'You recharge by moving. Here is a plan made for your energy.' },
  { name: 'The Connector', text: 'You light up around people. Here is what we picked for you.' },
];

/** The sample quiz the theme preview shows: a start page, two questions, two outcomes. */
export function sampleQuiz(themeId: string): Quiz {
  let quiz = updateQuiz(newQuiz({ id: 'theme-preview', name: 'Theme preview', type: 'general' }), {
    title: 'What kind of weekend suits you best?',
    description: 'Answer two quick questions and see your result.',
    cta: 'Start the quiz',
    theme: themeId,
  });
  const outcomeIds: number[] = [];
  for (const outcome of OUTCOMES) {
    const added = addOutcome(quiz);
    quiz = updateOutcome(added.quiz, added.outcomeId, {
      name: outcome.name,
      descriptions: [outcome.text],
      enableCta: true,
      ctaButtonText: 'See my plan',
      ctaUrl: 'https://example.com/',
    });
    outcomeIds.push(added.outcomeId);
  }
  for (const question of QUESTIONS) {
    const added = addQuestion(quiz);
    quiz = updateQuestion(added.quiz, added.questionId, { text: question.text });
    question.answers.forEach((text, index) => {
      const answer = addAnswer(quiz, added.questionId);
      quiz = updateAnswer(answer.quiz, added.questionId, answer.answerId, {
        text,
        outcome: outcomeIds[index % outcomeIds.length] ?? null,
      });
    });
  }
  return quiz;
}
