import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createAccount, launchBrowser, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function createQuizFromScratch(name: string, type: 'General' | 'Scored'): Promise<string> {
  await page.getByRole('link', { name: 'New Quiz' }).click();
  await page.waitForURL(`${appUrl}/quizzes/new`);
  const createButton = page.getByRole('button', { name: 'Create From Scratch' });
  expect(await createButton.isDisabled()).toBe(true);
  expect(await createButton.getAttribute('title')).toBe('Please enter a quiz name.');
  await page.getByLabel('Quiz Name').fill(name);
  await page.getByRole('button', { name: type, exact: true }).click();
  await createButton.click();
  await page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) ?? '';
}

describe('My Quizzes, New Quiz and the editor shell', () => {
  it('creates a quiz, edits Configure and Start Page, saves, reloads and finds it as left, then deletes it', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(page, appUrl, email, 'secret-one');
    await page.getByText('Nothing to see here…').waitFor();
    const quizId = await createQuizFromScratch('Which plan fits you?', 'Scored');

    expect(await page.getByLabel('Quiz Type').inputValue()).toBe('Scored');
    await page.getByLabel('Quiz Name').fill('Pricing quiz');
    await page.getByRole('button', { name: "Don't Show" }).click();
    await page.getByRole('link', { name: 'Start Page' }).click();
    await page.waitForURL(`${appUrl}/quizzes/${quizId}/start-page`);
    await page.getByLabel('Title').fill('Find your plan');
    await page.getByLabel('Description').fill('Three questions, one minute.');
    await page.getByLabel('Button Text').fill('Begin');
    await page.getByRole('switch', { name: 'Use Start Page' }).click();
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();

    await page.reload();
    await page.getByLabel('Title').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Find your plan');
    expect(await page.getByLabel('Button Text').inputValue()).toBe('Begin');
    expect(await page.getByRole('switch', { name: 'Use Start Page' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.getByRole('link', { name: 'Configure' }).click();
    expect(await page.getByLabel('Quiz Name').inputValue()).toBe('Pricing quiz');
    expect(await page.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole('link', { name: 'Edit Pricing quiz' }).waitFor();
    await page.getByPlaceholder('Search').fill('PRICING');
    await page.getByRole('link', { name: 'Edit Pricing quiz' }).waitFor();
    await page.getByPlaceholder('Search').fill('nothing like it');
    expect(await page.getByRole('link', { name: 'Edit Pricing quiz' }).count()).toBe(0);
    await page.getByPlaceholder('Search').fill('');

    await page.getByRole('button', { name: 'Delete Pricing quiz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('cannot be reversed', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('status').filter({ hasText: 'Delete complete.' }).waitFor();
    await page.getByText('Nothing to see here…').waitFor();
    expect((await page.request.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(404);
  });

  it('asks before leaving the editor with unsaved changes', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(page, appUrl, email, 'secret-one');
    await createQuizFromScratch('Unsaved', 'General');
    await page.getByLabel('Quiz Name').fill('Unsaved but renamed');
    await page.getByRole('button', { name: 'Close' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Quiz Name').inputValue()).toBe('Unsaved but renamed');
    await page.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole('link', { name: 'Edit Unsaved' }).waitFor();
  });

  it('shows another account’s quiz as Not-found and refuses every call on it', async () => {
    const owner = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(page, appUrl, owner.email, 'secret-one');
    const quizId = await createQuizFromScratch('Private quiz', 'General');

    const intruder = await createAccount(dataDir, { password: 'secret-two' });
    const intruderContext = await browser.newContext();
    const intruderPage = await intruderContext.newPage();
    await signIn(intruderPage, appUrl, intruder.email, 'secret-two');
    await intruderPage.goto(`${appUrl}/quizzes/${quizId}`);
    await intruderPage.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    const origin = new URL(appUrl).origin;
    const api = intruderPage.request;
    const quiz = await (await page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json();
    expect((await api.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(404);
    expect(
      (await api.put(`${appUrl}/api/quizzes/${quizId}`, { data: quiz, headers: { origin } })).status(),
    ).toBe(404);
    expect((await api.delete(`${appUrl}/api/quizzes/${quizId}`, { headers: { origin } })).status()).toBe(404);
    expect((await page.request.get(`${appUrl}/api/quizzes/${quizId}`)).status()).toBe(200);
    await intruderContext.close();
  });
});
