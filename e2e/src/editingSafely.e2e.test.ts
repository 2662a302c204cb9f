import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { publishingHelpers, scoredSpec } from './publishingSupport';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const publishUrl = inject('publishUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz: publishableQuiz } = publishingHelpers(ui, () => ({ appUrl, publishUrl, dataDir }));

/** Signs in and creates a quiz with two questions, every change autosaved (Save is never pressed). */
async function quizWithTwoQuestions(): Promise<string> {
  const { email } = await createAccount(dataDir, { password: 'secret-one' });
  await signIn(ui.page, appUrl, email, 'secret-one');
  await ui.page.getByRole('link', { name: 'New Quiz' }).click();
  await ui.page.getByLabel('Quiz Name').fill('Editing safely');
  await ui.page.getByRole('button', { name: 'General', exact: true }).click();
  await ui.page.getByRole('button', { name: 'Create From Scratch' }).click();
  await ui.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  await ui.page.getByRole('link', { name: 'Questions' }).click();
  for (const text of ['First question', 'Second question']) {
    await ui.page.getByRole('button', { name: 'Add Question' }).click();
    await ui.page.getByLabel('Question Text').fill(text);
  }
  await allSaved(ui.page);
  return ui.page.url().split('/').at(-2) ?? '';
}

/** How often an editor tab reports that it has the quiz open, and hears of the others and their saves. */
const PRESENCE_INTERVAL_MS = 10_000;

const allSaved = (page: Page) =>
  page.locator('.editor-frame__status', { hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });

const storedQuiz = async (page: Page, quizId: string) =>
  (await (await page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;

async function editQuestion(page: Page, number: number, text: string) {
  await page
    .getByRole('list', { name: 'Questions' })
    .getByRole('listitem')
    .nth(number - 1)
    .click();
  await page.getByLabel('Question Text').fill(text);
}

/** Closes the tab as a person does (its pagehide handlers run) and waits until it is gone. */
async function closeTab(page: Page) {
  await Promise.all([page.waitForEvent('close'), page.close({ runBeforeUnload: true })]);
}

describe('editing without losing anything', () => {
  it('saves by itself, keeps edits made offline on this device, and brings them back after the tab closed', async () => {
    const quizId = await quizWithTwoQuestions();
    expect((await storedQuiz(ui.page, quizId)).questions.map((question) => question.text)).toEqual([
      'First question',
      'Second question',
    ]);

    const context = ui.page.context();
    // A page that stays open, so the context outlives the editor's tab.
    const keeper = await context.newPage();
    await ui.page.bringToFront();
    await context.setOffline(true);
    await editQuestion(ui.page, 1, 'Written offline');
    await ui.page.getByText('Offline: changes kept on this device').waitFor({ timeout: 15_000 });
    await closeTab(ui.page);

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto(`${appUrl}/quizzes/${quizId}/questions`);
    // The edit comes back from this device's copy ("Changes you made on this device … have been restored."),
    // unless the save the closing tab sent got through once the network was back: either way it is there.
    await reopened.getByRole('list', { name: 'Questions' }).getByText('Written offline').waitFor();
    await allSaved(reopened);
    expect((await storedQuiz(reopened, quizId)).questions[0]?.text).toBe('Written offline');

    // Closing mid-edit, before autosave's moment has passed, loses nothing either.
    await editQuestion(reopened, 2, 'Closed mid-edit');
    await closeTab(reopened);
    const again = await context.newPage();
    await again.goto(`${appUrl}/quizzes/${quizId}/questions`);
    await again.getByRole('list', { name: 'Questions' }).getByText('Closed mid-edit').waitFor();
    await allSaved(again);
    expect((await storedQuiz(again, quizId)).questions[1]?.text).toBe('Closed mid-edit');
    await keeper.close();
  });

  it('undoes and redoes structure from the top bar while a text field keeps the focus', async () => {
    await quizWithTwoQuestions();
    const questions = ui.page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
    await ui.page.getByRole('button', { name: 'Add Question' }).click();
    await expect.poll(() => questions.count()).toBe(3);
    await ui.page.getByLabel('Question Text').focus();
    await ui.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => questions.count()).toBe(2);
    expect(await ui.page.evaluate(() => document.activeElement?.tagName)).not.toBe('BUTTON');
    await ui.page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => questions.count()).toBe(3);
  });

  it('merges two tabs that changed different questions, and asks only when both changed the same field', async () => {
    // A tab hears of the other's presence and saves at its next report, every 10 seconds: the pages' clock is
    // the test's, so each wait for a report is a jump ahead instead of seconds of real time.
    const { clock } = ui.page.context();
    await clock.install();
    const nextPresenceReports = () => clock.fastForward(PRESENCE_INTERVAL_MS);
    const quizId = await quizWithTwoQuestions();
    const first = ui.page;
    const second = await first.context().newPage();
    await second.goto(first.url());
    await second
      .getByLabel('Quiz Name')
      .or(second.getByRole('button', { name: 'Add Question' }))
      .first()
      .waitFor();
    // Each tab shows that the other has the quiz open.
    await nextPresenceReports();
    await first.locator('.presence-indicator').waitFor();

    await editQuestion(first, 1, 'Changed in the first tab');
    await allSaved(first);
    await editQuestion(second, 2, 'Changed in the second tab');
    await allSaved(second);
    await expect
      .poll(async () => (await storedQuiz(first, quizId)).questions.map((question) => question.text))
      .toEqual(['Changed in the first tab', 'Changed in the second tab']);
    // The first tab catches up with the second's save without a reload.
    await first.bringToFront();
    await nextPresenceReports();
    await first.getByRole('list', { name: 'Questions' }).getByText('Changed in the second tab').waitFor();

    // Both change the same question's text before either hears of the other: the second tab's saves do not
    // get through until the first has saved, so it must learn of that save with its own edit still unsaved.
    const quizAddress = `${appUrl}/api/quizzes/${quizId}`;
    await second.route(quizAddress, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await editQuestion(second, 1, 'Mine from the second tab');
    await editQuestion(first, 1, 'Mine from the first tab');
    await allSaved(first);
    await second.unroute(quizAddress);
    await nextPresenceReports();
    const dialog = second.getByRole('dialog', { name: 'Choose which changes to keep' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Mine from the first tab');
    expect(await dialog.textContent()).toContain('Mine from the second tab');
    await dialog.getByRole('button', { name: 'Keep All Mine' }).click();
    await allSaved(second);
    expect((await storedQuiz(second, quizId)).questions[0]?.text).toBe('Mine from the second tab');
  });

  it('previews and restores the published version from the history, as a new version', async () => {
    const quiz = await publishableQuiz(scoredSpec, { title: 'As published', startPage: { enabled: true } });
    const { page } = ui;
    await page.goto(`${appUrl}/quizzes/${quiz.id}/publish`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Quiz has been published.' }).waitFor();
    await page.getByRole('link', { name: 'Start Page' }).click();
    await page.getByLabel('Title').fill('Changed after publishing');
    await allSaved(page);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
    await expect
      .poll(() => versions.allInnerTexts())
      // Newest first: the edit after publishing, the Publish, and the save that built the quiz.
      .toEqual([
        expect.stringMatching(/Saved.*Current/s),
        expect.stringMatching(/Published/),
        expect.stringMatching(/Saved/),
      ]);
    await versions.filter({ hasText: 'Published' }).click();
    await history
      .frameLocator('iframe[title="Version preview"]')
      .getByRole('heading', { name: 'As published' })
      .waitFor();
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await history.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'The version has been restored.' }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('As published');
    await expect.poll(async () => (await storedQuiz(page, quiz.id)).title).toBe('As published');
  });
});
