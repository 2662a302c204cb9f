import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, inject, it } from 'vitest';
import { chooseOption, dragOnto, handleOf, TINY_PNG } from './editorSupport';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
// Tall enough that a question's whole answer list is on screen while dragging.
const ui = freshPagePerTest({ viewport: { width: 1400, height: 1800 } });

async function newQuiz(type: 'General' | 'Scored', name: string): Promise<string> {
  const { email } = await createAccount(dataDir, { password: 'secret-one' });
  await signIn(ui.page, appUrl, email, 'secret-one');
  await ui.page.getByRole('link', { name: 'New Quiz' }).click();
  await ui.page.getByLabel('Quiz Name').fill(name);
  await ui.page.getByRole('button', { name: type, exact: true }).click();
  await ui.page.getByRole('button', { name: 'Create From Scratch' }).click();
  await ui.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  return ui.page.url().split('/').at(-1) ?? '';
}

const storedQuiz = async (quizId: string) =>
  (await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
const answerRegion = (number: number) =>
  ui.page.getByRole('region', { name: `Answer ${number}`, exact: true });
const questionRows = () => ui.page.getByRole('list', { name: 'Questions' }).getByRole('listitem');

async function addQuestion(text: string) {
  await ui.page.getByRole('button', { name: 'Add Question' }).click();
  await ui.page.getByLabel('Question Text').fill(text);
}

async function addTextAnswers(...texts: string[]) {
  const existing = await ui.page.getByRole('region', { name: /^Answer \d+$/ }).count();
  for (const [index, text] of texts.entries()) {
    await ui.page.getByRole('button', { name: 'Add Answer' }).click();
    await answerRegion(existing + index + 1)
      .getByLabel('Text')
      .fill(text);
  }
}

async function save() {
  await ui.page.getByRole('button', { name: 'Save' }).click();
  await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
}

describe('quiz editor: outcomes and questions', () => {
  it('builds a scored quiz with text and image answers, drags to reorder, and finds it all after a reload', async () => {
    const quizId = await newQuiz('Scored', 'Marketing maturity');

    await ui.page.getByRole('link', { name: 'Outcomes' }).click();
    for (const [title, from, to] of [
      ['Beginner', '0', '3'],
      ['Expert', '4', '10'],
    ] as const) {
      await ui.page.getByRole('button', { name: 'Add Outcome' }).click();
      await ui.page.getByLabel('Title').fill(title);
      await ui.page.getByLabel('Score From').fill(from);
      await ui.page.getByLabel('Score To').fill(to);
    }
    await ui.page.getByText('4 – 10 points').waitFor();

    await ui.page.getByRole('link', { name: 'Questions' }).click();
    await addQuestion('Do you track conversions?');
    await addTextAnswers('Yes', 'No');
    await chooseOption(ui.page, answerRegion(1), 'Points', 'Correct +3');

    await addQuestion('Which dashboard looks like yours?');
    await chooseOption(ui.page, ui.page, 'Question Type', 'Image choice');
    await ui.page.getByRole('button', { name: 'Add Answer' }).click();
    await answerRegion(1)
      .getByLabel('Answer Image')
      .setInputFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: TINY_PNG });
    await ui.page.getByRole('status').filter({ hasText: 'Upload complete.' }).waitFor();
    await answerRegion(1).getByLabel('Image Caption (Optional)').fill('Charts everywhere');
    await chooseOption(ui.page, answerRegion(1), 'Points', 'Correct +5');
    await chooseOption(ui.page, answerRegion(1), 'Next', 'End Quiz Here');

    await addQuestion('How often do you test?');
    await addTextAnswers('Weekly', 'Monthly', 'Never');

    // Question 3 dragged onto Question 1 becomes the first question.
    await dragOnto(ui.page, handleOf(questionRows().nth(2)), questionRows().nth(0), 1);
    await expect.poll(() => questionRows().nth(0).innerText()).toContain('How often do you test?');
    // Its answers: "Never" dragged onto "Weekly" becomes the first answer.
    const answerRows = ui.page.getByRole('list', { name: 'Answers' }).getByRole('listitem');
    // The moved question's answers are drawn before the drag measures them.
    await expect.poll(() => answerRegion(3).getByLabel('Text').inputValue()).toBe('Never');
    await dragOnto(ui.page, handleOf(answerRows.nth(2)), answerRows.nth(0), 1);
    await expect.poll(() => answerRegion(1).getByLabel('Text').inputValue()).toBe('Never');
    await chooseOption(ui.page, answerRegion(2), 'Next', 'Question 3: Which dashboard looks like yours?');

    await save();
    await ui.page.reload();
    await ui.page.getByRole('button', { name: /^Question 1/ }).waitFor();
    expect(await questionRows().allInnerTexts()).toEqual([
      expect.stringContaining('How often do you test?'),
      expect.stringContaining('Do you track conversions?'),
      expect.stringContaining('Which dashboard looks like yours?'),
    ]);

    const quiz = await storedQuiz(quizId);
    const [testing, tracking, dashboard] = quiz.questions;
    expect(quiz.questions.map((question) => question.rank)).toEqual([1, 2, 3]);
    expect(testing?.answers.map((answer) => answer.text)).toEqual(['Never', 'Weekly', 'Monthly']);
    expect(testing?.answers[1]?.next).toMatchObject({
      behaviour: 'specific_question',
      target: dashboard?.id,
    });
    expect(tracking?.answers.map((answer) => answer.points)).toEqual([3, 0]);
    expect(dashboard?.type).toBe('image_single_list');
    expect(dashboard?.answers[0]).toMatchObject({
      points: 5,
      imageCaption: 'Charts everywhere',
      next: { behaviour: 'end_quiz', target: -1 },
      image: { filename: 'dashboard.png', width: 2, height: 1 },
    });
    const image = await ui.page.request.get(dashboard?.answers[0]?.image?.url ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toContain('max-age=2419200');
    expect(quiz.outcomes.map((outcome) => [outcome.name, outcome.scoreRange])).toEqual([
      ['Beginner', { from: 0, to: 3 }],
      ['Expert', { from: 4, to: 10 }],
    ]);

    // Deleting the question a rule points at resets that rule to its default.
    await ui.page.getByRole('button', { name: 'Delete Question 3' }).click();
    await ui.page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'OK' }).click();
    await save();
    const afterDelete = await storedQuiz(quizId);
    expect(afterDelete.questions).toHaveLength(2);
    expect(afterDelete.questions[0]?.answers[1]?.next).toMatchObject({
      behaviour: 'follow_question',
      target: null,
    });
  });

  it('links answers of a general quiz to outcomes; deleting an outcome clears those links', async () => {
    const quizId = await newQuiz('General', 'Which channel suits you?');
    await ui.page.getByRole('link', { name: 'Outcomes' }).click();
    for (const title of ['Email', 'Social']) {
      await ui.page.getByRole('button', { name: 'Add Outcome' }).click();
      await ui.page.getByLabel('Title').fill(title);
    }
    await ui.page.getByRole('button', { name: /^Outcome 1/ }).click();
    await chooseOption(ui.page, ui.page, 'Outcome Type', 'Redirect URL');
    await ui.page.getByLabel('Redirect URL').fill('https://example.com/email');
    expect(await ui.page.getByRole('button', { name: 'Add Alternate Description' }).count()).toBe(0);

    await ui.page.getByRole('link', { name: 'Questions' }).click();
    await addQuestion('Where do your customers spend time?');
    await addTextAnswers('Inbox', 'Feeds');
    await chooseOption(ui.page, answerRegion(1), 'Counts toward', 'Outcome 1: Email');
    await chooseOption(ui.page, answerRegion(2), 'Counts toward', 'Outcome 2: Social');
    await save();

    let quiz = await storedQuiz(quizId);
    const [email, social] = quiz.outcomes;
    expect(email).toMatchObject({ type: 'redirect', redirect: 'https://example.com/email' });
    expect(quiz.questions[0]?.answers.map((answer) => answer.outcome)).toEqual([email?.id, social?.id]);

    await ui.page.getByRole('link', { name: 'Outcomes' }).click();
    await ui.page.getByRole('button', { name: 'Delete Outcome 2' }).click();
    await ui.page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'OK' }).click();
    await save();
    await ui.page.reload();
    await ui.page.getByRole('button', { name: /^Outcome 1/ }).waitFor();
    quiz = await storedQuiz(quizId);
    expect(quiz.outcomes.map((outcome) => outcome.name)).toEqual(['Email']);
    expect(quiz.questions[0]?.answers.map((answer) => answer.outcome)).toEqual([email?.id, null]);
  });
});
