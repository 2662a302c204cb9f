import type { FlowRule, Question, Quiz, ValueRange } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';

/* Test-only: quizzes with questions of the types beyond single choice, for the player's and the page's tests. */

export const FOLLOW: FlowRule = {
  defaultBehaviour: 'follow_question',
  behaviour: 'follow_question',
  target: null,
};
export const END: FlowRule = {
  defaultBehaviour: 'follow_question',
  behaviour: 'end_quiz',
  target: END_QUIZ_TARGET,
};
export const goTo = (target: number): FlowRule => ({
  defaultBehaviour: 'follow_question',
  behaviour: 'specific_question',
  target,
});

export const range = (from: number, to: number, fields: Partial<ValueRange> = {}): ValueRange => ({
  from,
  to,
  points: 0,
  outcome: null,
  next: FOLLOW,
  ...fields,
});

export const COUNTRIES = [
  'Austria',
  'Belgium',
  'Côte d’Ivoire',
  'Costa Rica',
  'Croatia',
  'Denmark',
  'Estonia',
];

export type EveryTypeQuiz = {
  quiz: Quiz;
  q: number[];
  a: number[][];
  categories: { strategy: number; reach: number };
};

/**
 * A scored quiz, one question of each type in list order, every one answered on the way to the end:
 * 0 multi_list (Email 2, Social 3, Ads 1, Print 0; choose 2 to 3; Strategy), 1 image_multi_list (any),
 * 2 rating stars (Poor…Great; a value scores itself; Strategy), 3 rating 0–10, 4 number slider 0–100 step 5
 * people (0–50: 2 points, 55–100: 5 points; Reach), 5 number field 1–10, 6 dropdown of COUNTRIES,
 * 7 text multiline optional, 8 text required. Categories Strategy and Reach, shown as bars.
 */
export function everyTypeQuiz(): EveryTypeQuiz {
  const built = buildQuiz({
    type: 'scored',
    questions: [
      {
        text: 'Which channels do you use?',
        answers: [
          { text: 'Email', points: 2 },
          { text: 'Social', points: 3 },
          { text: 'Ads', points: 1 },
          { text: 'Print' },
        ],
      },
      { text: 'Pick your favourites', answers: [{ text: 'Sea' }, { text: 'Hills' }] },
      { text: 'How do you rate us?' },
      { text: 'How likely are you to recommend us?' },
      { text: 'How big is your team?' },
      { text: 'How many tools do you use?' },
      { text: 'Where are you based?', answers: COUNTRIES.map((text) => ({ text })) },
      { text: 'Anything else?' },
      { text: 'What is your role?' },
    ],
    outcomes: [
      { from: 0, to: 10 },
      { from: 11, to: 100 },
    ],
  });
  const { quiz, q } = built;
  const strategy = quiz.nextId;
  const reach = quiz.nextId + 1;
  const settings: Partial<Question>[] = [
    { type: 'multi_list', selection: { min: 2, max: 3 }, category: strategy },
    { type: 'image_multi_list' },
    {
      type: 'rating',
      rating: { kind: 'stars', lowLabel: 'Poor', highLabel: 'Great' },
      ranges: [1, 2, 3, 4, 5].map((value) => range(value, value, { points: value })),
      category: strategy,
    },
    { type: 'rating', rating: { kind: 'zero_to_ten', lowLabel: 'Not likely', highLabel: 'Very likely' } },
    {
      type: 'number_input',
      number: { min: 0, max: 100, step: 5, unit: 'people', display: 'slider' },
      ranges: [range(0, 50, { points: 2 }), range(55, 100, { points: 5 })],
      category: reach,
    },
    { type: 'number_input', number: { min: 1, max: 10, step: 1, unit: '', display: 'field' } },
    { type: 'dropdown' },
    { type: 'text_input', multiline: true, optional: true },
    { type: 'text_input' },
  ];
  const withImages = (question: Question): Question => ({
    ...question,
    answers: question.answers.map((answer, index) => ({
      ...answer,
      image: {
        id: 'i',
        accountId: 'a',
        filename: 'f.png',
        s3Key: 'k',
        url: `https://cdn.example/${index}.png`,
        width: 4,
        height: 3,
      },
      imageCaption: index === 0 ? 'By the sea' : '',
    })),
  });
  const typed: Quiz = {
    ...quiz,
    nextId: quiz.nextId + 2,
    categories: [
      { id: strategy, name: 'Strategy' },
      { id: reach, name: 'Reach' },
    ],
    scoring: { outcomeBy: 'score', showCategoryBars: true },
    questions: quiz.questions.map((question, index) => {
      const patched = { ...question, ...settings[index] } as Question;
      return patched.type === 'image_multi_list' ? withImages(patched) : patched;
    }),
  };
  return { ...built, quiz: typed, q, categories: { strategy, reach } };
}
