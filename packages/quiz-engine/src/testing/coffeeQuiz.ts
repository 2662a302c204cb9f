import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from './quizzes';

/** The quiz both tabs opened: three questions, two outcomes, saved four times. */
export function coffeeQuiz() {
  const built = buildQuiz({
    type: 'general',
    outcomes: ['Bold Roast', 'Light Roast'],
    questions: [
      {
        text: 'How do you take your coffee?',
        answers: [
          { text: 'Black', outcome: 0 },
          { text: 'With milk', outcome: 1 },
        ],
      },
      {
        text: 'Which roast do you like?',
        answers: [
          { text: 'Dark', outcome: 0 },
          { text: 'Light', outcome: 1 },
        ],
      },
      { text: 'When do you drink it?', answers: [{ text: 'Morning' }, { text: 'Evening' }] },
    ],
  });
  const [q1 = 0, q2 = 0, q3 = 0] = built.q;
  const [o1 = 0, o2 = 0] = built.o;
  const answers = built.a.map(([first = 0, second = 0]) => [first, second] as const);
  return { base: { ...built.quiz, revision: 4 }, q1, q2, q3, o1, o2, answers };
}

/** What the server holds after the other tab saved: the same edits, one revision on. */
export const saved = (quiz: Quiz): Quiz => ({ ...quiz, revision: quiz.revision + 1 });

export const texts = (quiz: Quiz) => quiz.questions.map((question) => question.text);
