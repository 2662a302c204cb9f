import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest({ viewport: { width: 1400, height: 1100 } });

const QUIZ_PATH = /\/quizzes\/([0-9a-f-]{36})\/?$/;
const quizIdInUrl = () => QUIZ_PATH.exec(new URL(ui.page.url()).pathname)?.[1] ?? '';
const storedQuiz = async (quizId: string) =>
  (await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
/** The cards' texts once the list shows (a tab's screen loads on first use). */
async function cardTexts(list: 'Questions' | 'Outcomes'): Promise<string[]> {
  const cards = ui.page.getByRole('list', { name: list }).getByRole('listitem');
  await cards.first().waitFor();
  return cards.allInnerTexts();
}
/** Waits until the list's card at `position` (from 1) is the one being edited. */
const cardSelected = (list: 'Questions' | 'Outcomes', position: number) =>
  ui.page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .nth(position - 1)
    .locator('[aria-current="true"]')
    .waitFor();
const success = (text: string) => ui.page.getByRole('status').filter({ hasText: text }).waitFor();

describe('duplicate', () => {
  it('copies a question and an outcome in the editor, then the quiz from My Quizzes and from the editor', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    await ui.page.getByRole('link', { name: 'New Quiz' }).click();
    await ui.page.getByLabel('Quiz Name').fill('Coffee finder');
    await ui.page.getByRole('button', { name: 'General', exact: true }).click();
    await ui.page.getByRole('button', { name: 'Create From Scratch' }).click();
    await ui.page.waitForURL(QUIZ_PATH);
    const originalId = quizIdInUrl();

    // An outcome, copied: the copy follows it, is selected, and is edited on its own.
    await ui.page.getByRole('link', { name: 'Outcomes' }).click();
    await ui.page.getByRole('button', { name: 'Add Outcome' }).click();
    await ui.page.getByLabel('Title').fill('Espresso lover');
    await ui.page.getByRole('button', { name: 'Duplicate Outcome 1' }).click();
    await cardSelected('Outcomes', 2);
    expect(await ui.page.getByLabel('Title').inputValue()).toBe('Espresso lover (copy)');
    await ui.page.getByLabel('Title').fill('Filter fan');
    expect(await cardTexts('Outcomes')).toEqual([
      expect.stringContaining('Espresso lover'),
      expect.stringContaining('Filter fan'),
    ]);

    // A question with its answers, copied the same way.
    await ui.page.getByRole('link', { name: 'Questions' }).click();
    await ui.page.getByRole('button', { name: 'Add Question' }).click();
    await ui.page.getByLabel('Question Text').fill('How do you brew?');
    for (const [index, text] of ['Espresso machine', 'Pour-over'].entries()) {
      await ui.page.getByRole('button', { name: 'Add Answer' }).click();
      await ui.page
        .getByRole('region', { name: `Answer ${index + 1}`, exact: true })
        .getByLabel('Text')
        .fill(text);
    }
    await ui.page.getByRole('button', { name: 'Duplicate Question 1' }).click();
    await cardSelected('Questions', 2);
    await ui.page.getByLabel('Question Text').fill('How strong do you like it?');
    expect(await cardTexts('Questions')).toEqual([
      expect.stringContaining('How do you brew?'),
      expect.stringContaining('How strong do you like it?'),
    ]);
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await success('Quiz has been saved.');
    const saved = await storedQuiz(originalId);
    expect(saved.questions.map((question) => question.answers.map((answer) => answer.text))).toEqual([
      ['Espresso machine', 'Pour-over'],
      ['Espresso machine', 'Pour-over'],
    ]);
    expect(saved.outcomes.map((outcome) => outcome.name)).toEqual(['Espresso lover', 'Filter fan']);

    // The whole quiz from My Quizzes: the new card appears, and the copy opens with the same content.
    await ui.page.getByRole('button', { name: 'Close' }).click();
    await ui.page.getByRole('link', { name: 'Edit Coffee finder', exact: true }).waitFor();
    await ui.page.getByRole('button', { name: 'Duplicate Coffee finder', exact: true }).click();
    await success('Quiz has been duplicated.');
    await ui.page.getByRole('link', { name: 'Edit Copy of Coffee finder', exact: true }).click();
    await ui.page.waitForURL((url) => QUIZ_PATH.test(url.pathname) && !url.pathname.includes(originalId));
    const listCopyId = quizIdInUrl();
    expect(await ui.page.getByLabel('Quiz Name').inputValue()).toBe('Copy of Coffee finder');
    const listCopy = await storedQuiz(listCopyId);
    expect(listCopy).toMatchObject({ isPublished: false, revision: 0, nextId: saved.nextId });
    expect(listCopy.publishedId).not.toBe(saved.publishedId);
    await ui.page.getByRole('link', { name: 'Outcomes' }).click();
    expect(await cardTexts('Outcomes')).toEqual([
      expect.stringContaining('Espresso lover'),
      expect.stringContaining('Filter fan'),
    ]);
    await ui.page.getByRole('link', { name: 'Questions' }).click();
    expect(await cardTexts('Questions')).toEqual([
      expect.stringContaining('How do you brew?'),
      expect.stringContaining('How strong do you like it?'),
    ]);

    // And from the copy's editor, with a change not yet saved: it is saved first, then the new copy opens.
    await ui.page.getByRole('button', { name: /^Question 2(?!\d)/ }).click();
    await ui.page.getByLabel('Question Text').fill('How strong is your coffee?');
    await ui.page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await ui.page.waitForURL(
      (url) =>
        QUIZ_PATH.test(url.pathname) && ![originalId, listCopyId].some((id) => url.pathname.includes(id)),
    );
    await success('Quiz has been duplicated.');
    const editorCopyId = quizIdInUrl();
    expect(await ui.page.getByLabel('Quiz Name').inputValue()).toBe('Copy of Copy of Coffee finder');
    await ui.page.getByRole('link', { name: 'Questions' }).click();
    expect(await cardTexts('Questions')).toEqual([
      expect.stringContaining('How do you brew?'),
      expect.stringContaining('How strong is your coffee?'),
    ]);
    expect((await storedQuiz(listCopyId)).questions[1]?.text).toBe('How strong is your coffee?');
    expect((await storedQuiz(originalId)).questions[1]?.text).toBe('How strong do you like it?');
    expect((await storedQuiz(editorCopyId)).revision).toBe(0);
  });
});
