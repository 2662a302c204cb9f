import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedScoredQuiz } from '../../testing/publishing';
import { startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const follow = { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null } as const;

/**
 * Settings that contradict themselves are refused whole with a 400 naming the field: the stored quiz stays as
 * it was (nothing is saved half).
 */
describe('saving question types, categories and the capture form’s fields', () => {
  it.each<[string, (quiz: Quiz) => Quiz, RegExp]>([
    [
      'a minimum number of choices above the maximum',
      (quiz) => withFirstQuestion(quiz, { type: 'multi_list', selection: { min: 3, max: 2 } }),
      /questions\/0\/selection\/min: The minimum number of choices must not be above the maximum\./,
    ],
    [
      'a range whose ends are reversed',
      (quiz) =>
        withFirstQuestion(quiz, {
          type: 'number_input',
          number: { min: 0, max: 100, step: 1, unit: '', display: 'field' },
          ranges: [{ from: 50, to: 10, points: 1, outcome: null, next: follow }],
        }),
      /questions\/0\/ranges\/0\/to: The range must not end before it starts\./,
    ],
    [
      'a rating value worth more than 10 points',
      (quiz) =>
        withFirstQuestion(quiz, {
          type: 'rating',
          rating: { kind: 'zero_to_ten', lowLabel: '', highLabel: '' },
          ranges: [{ from: 10, to: 10, points: 11, outcome: null, next: follow }],
        }),
      /questions\/0\/ranges\/0\/points/,
    ],
    [
      'a custom field without a label',
      (quiz) => ({
        ...quiz,
        leadCaptureSettings: {
          ...quiz.leadCaptureSettings,
          fields: [{ id: 'f1', kind: 'text', label: '  ', key: 'role', required: false }],
        },
      }),
      /leadCaptureSettings\/fields\/0\/label: Please enter a label for this field\./,
    ],
    [
      'a dropdown of 5,000 choices',
      (quiz) => {
        const first = quiz.questions[0];
        if (!first) throw new Error('no question');
        const answers = Array.from({ length: 5000 }, (_, index) => ({
          ...first.answers[0],
          id: quiz.nextId + index,
          text: `Choice ${index + 1}`,
          image: null,
          imageCaption: '',
          points: 0,
          outcome: null,
          next: follow,
        }));
        return { ...withFirstQuestion(quiz, { type: 'dropdown', answers }), nextId: quiz.nextId + 5000 };
      },
      /questions\/0\/answers: A dropdown takes at most 500 choices\./,
    ],
  ])('refuses %s with a 400 naming the field, and keeps the stored quiz', async (_name, change, message) => {
    const account = await t.signIn();
    const { quiz } = await storedScoredQuiz(account.call);
    const saved = await account.call('PUT', `/api/quizzes/${quiz.id}`, change(quiz));
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
    const stored = quizSchema.parse((await account.call('GET', `/api/quizzes/${quiz.id}`)).json());
    expect(stored.revision).toBe(quiz.revision);
    expect(stored.questions).toEqual(quiz.questions);
  });

  it('stores every new type and setting as sent', async () => {
    const account = await t.signIn();
    const { quiz } = await storedScoredQuiz(account.call);
    const category = quiz.nextId;
    const changed: Quiz = {
      ...withFirstQuestion(quiz, {
        type: 'multi_list',
        selection: { min: 1, max: 2 },
        category,
        description: '<p>Pick <b>up to two</b>.</p>',
      }),
      nextId: quiz.nextId + 1,
      categories: [{ id: category, name: 'Strategy' }],
      scoring: { outcomeBy: 'percent', showCategoryBars: true },
    };
    const saved = await account.call('PUT', `/api/quizzes/${quiz.id}`, changed);
    expect(saved.statusCode).toBe(200);
    const stored = quizSchema.parse((await account.call('GET', `/api/quizzes/${quiz.id}`)).json());
    expect(stored.questions[0]).toMatchObject({
      type: 'multi_list',
      selection: { min: 1, max: 2 },
      category,
    });
    expect(stored).toMatchObject({ categories: changed.categories, scoring: changed.scoring });
  });
});

function withFirstQuestion(quiz: Quiz, patch: Partial<Quiz['questions'][number]>): Quiz {
  return {
    ...quiz,
    questions: quiz.questions.map((question, index) => (index === 0 ? { ...question, ...patch } : question)),
  };
}
