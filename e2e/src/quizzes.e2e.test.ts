import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest();

async function createQuizFromScratch(name: string, type: 'General' | 'Scored'): Promise<string> {
  await ui.page.getByRole('link', { name: 'New Quiz' }).click();
  await ui.page.waitForURL(`${appUrl}/quizzes/new`);
  const createButton = ui.page.getByRole('button', { name: 'Create From Scratch' });
  expect(await createButton.isDisabled()).toBe(true);
  expect(await createButton.getAttribute('title')).toBe('Please enter a quiz name.');
  await ui.page.getByLabel('Quiz Name').fill(name);
  await ui.page.getByRole('button', { name: type, exact: true }).click();
  await createButton.click();
  await ui.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  return ui.page.url().split('/').at(-1) ?? '';
}

describe('My Quizzes, New Quiz and the editor shell', () => {
  it('creates a quiz, edits Configure and Start Page, saves, reloads and finds it as left, then deletes it', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    await ui.page.getByText('Nothing to see here…').waitFor();
    const quizId = await createQuizFromScratch('Which plan fits you?', 'Scored');

    await ui.page
      .getByRole('definition')
      .filter({ hasText: /^Scored$/ })
      .waitFor();
    await ui.page.getByLabel('Quiz Name').fill('Pricing quiz');
    await ui.page.getByRole('button', { name: "Don't Show" }).click();
    await ui.page.getByRole('link', { name: 'Start Page' }).click();
    await ui.page.waitForURL(`${appUrl}/quizzes/${quizId}/start-page`);
    await ui.page.getByLabel('Title').fill('Find your plan');
    await ui.page.getByLabel('Description').fill('Three questions, one minute.');
    await ui.page.getByLabel('Button Text').fill('Begin');
    await ui.page.getByRole('switch', { name: 'Use Start Page' }).click();
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();

    await ui.page.reload();
    await ui.page.getByLabel('Title').waitFor();
    expect(await ui.page.getByLabel('Title').inputValue()).toBe('Find your plan');
    expect(await ui.page.getByLabel('Button Text').inputValue()).toBe('Begin');
    expect(await ui.page.getByRole('switch', { name: 'Use Start Page' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await ui.page.getByRole('link', { name: 'Configure' }).click();
    expect(await ui.page.getByLabel('Quiz Name').inputValue()).toBe('Pricing quiz');
    expect(await ui.page.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await ui.page.getByRole('button', { name: 'Close' }).click();
    await ui.page.waitForURL(`${appUrl}/`);
    await ui.page.getByRole('link', { name: 'Edit Pricing quiz' }).waitFor();
    await ui.page.getByPlaceholder('Search').fill('PRICING');
    await ui.page.getByRole('link', { name: 'Edit Pricing quiz' }).waitFor();
    await ui.page.getByPlaceholder('Search').fill('nothing like it');
    expect(await ui.page.getByRole('link', { name: 'Edit Pricing quiz' }).count()).toBe(0);
    await ui.page.getByPlaceholder('Search').fill('');

    await ui.page.getByRole('button', { name: 'Delete Pricing quiz' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('cannot be reversed', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Delete complete.' }).waitFor();
    await ui.page.getByText('Nothing to see here…').waitFor();
    expect((await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(404);
  });

  it('saves on the way out of the editor, without asking', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    await createQuizFromScratch('Unsaved', 'General');
    await ui.page.getByLabel('Quiz Name').fill('Renamed on the way out');
    await ui.page.getByRole('button', { name: 'Close' }).click();
    await ui.page.waitForURL(`${appUrl}/`);
    await ui.page.getByRole('link', { name: 'Edit Renamed on the way out' }).waitFor();
    expect(await ui.page.getByRole('dialog').count()).toBe(0);
  });

  it('shows another account’s quiz as Not-found and refuses every call on it', async () => {
    const owner = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, owner.email, 'secret-one');
    const quizId = await createQuizFromScratch('Private quiz', 'General');

    const intruder = await createAccount(dataDir, { password: 'secret-two' });
    const intruderContext = await ui.browser.newContext();
    const intruderPage = await intruderContext.newPage();
    await signIn(intruderPage, appUrl, intruder.email, 'secret-two');
    await intruderPage.goto(`${appUrl}/quizzes/${quizId}`);
    await intruderPage.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    const origin = new URL(appUrl).origin;
    const api = intruderPage.request;
    const quiz = await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json();
    expect((await api.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(404);
    expect(
      (await api.put(`${appUrl}/api/quizzes/${quizId}`, { data: quiz, headers: { origin } })).status(),
    ).toBe(404);
    expect((await api.delete(`${appUrl}/api/quizzes/${quizId}`, { headers: { origin } })).status()).toBe(404);
    expect((await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(200);
    await intruderContext.close();
  });
  it('shares a quiz by link; another account previews it there and imports a copy under its own name', async () => {
    const sharer = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, sharer.email, 'secret-one');
    await ui.page.getByText('Nothing to see here…').waitFor();
    const quizId = await createQuizFromScratch('Dog quiz', 'General');
    await ui.page.getByRole('link', { name: 'Start Page' }).click();
    await ui.page.waitForURL(`${appUrl}/quizzes/${quizId}/start-page`);
    await ui.page.getByLabel('Title').fill('Which dog are you?');
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    await ui.page.getByRole('button', { name: 'Close' }).click();
    await ui.page.getByRole('button', { name: 'Share Dog quiz' }).click();
    const shareLink = await ui.page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(shareLink).toMatch(new RegExp(`^${appUrl}/share/[a-z0-9]{16}$`));

    const importer = await createAccount(dataDir, { password: 'secret-two' });
    const other = await ui.browser.newContext();
    const page = await other.newPage();
    await signIn(page, appUrl, importer.email, 'secret-two');
    await page.goto(shareLink);
    await page.getByRole('heading', { name: 'Import Dog quiz' }).waitFor();
    const preview = page.frameLocator('iframe[title="Preview of Dog quiz"]');
    await preview.getByRole('heading', { name: 'Which dog are you?' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Quiz' });
    expect(await dialog.getByLabel('Quiz Name').inputValue()).toBe('Dog quiz');
    await dialog.getByLabel('Quiz Name').fill('My dog quiz');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('status').filter({ hasText: 'Quiz has been imported.' }).waitFor();
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole('link', { name: 'Edit My dog quiz' }).click();
    await page.getByRole('link', { name: 'Start Page' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Which dog are you?');
    expect(page.url()).not.toContain(quizId);
    await other.close();
  });
});
