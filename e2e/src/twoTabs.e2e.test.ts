import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest();

/** Signs in, creates a quiz, and opens it in a second tab of the same browser (the same session). */
async function quizInTwoTabs(): Promise<{ first: Page; second: Page; email: string }> {
  const { email } = await createAccount(dataDir, { password: 'secret-one' });
  await signIn(ui.page, appUrl, email, 'secret-one');
  await ui.page.getByRole('link', { name: 'New Quiz' }).click();
  await ui.page.getByLabel('Quiz Name').fill('Shared plans');
  await ui.page.getByRole('button', { name: 'General', exact: true }).click();
  await ui.page.getByRole('button', { name: 'Create From Scratch' }).click();
  await ui.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  const second = await ui.page.context().newPage();
  await second.goto(ui.page.url());
  await second.getByLabel('Quiz Name').waitFor();
  return { first: ui.page, second, email };
}

async function rename(page: Page, name: string) {
  await page.getByLabel('Quiz Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
}

const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'This quiz changed since you opened it' });

describe('two tabs on one quiz', () => {
  it('never overwrite each other silently: the later save asks, and can overwrite', async () => {
    const { first, second, email } = await quizInTwoTabs();
    await rename(first, 'Named in the first tab');
    await first.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();

    await rename(second, 'Named in the second tab');
    const dialog = conflictDialog(second);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Saved by ${email}`);
    // Nothing was written by the refused save.
    await first.reload();
    expect(await first.getByLabel('Quiz Name').inputValue()).toBe('Named in the first tab');

    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await second.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await first.reload();
    expect(await first.getByLabel('Quiz Name').inputValue()).toBe('Named in the second tab');
  });

  it('can take the other tab’s version instead', async () => {
    const { first, second } = await quizInTwoTabs();
    await rename(first, 'Kept from the first tab');
    await first.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    await rename(second, 'Dropped from the second tab');
    await conflictDialog(second).getByRole('button', { name: 'Reload their version' }).click();
    await expect.poll(() => conflictDialog(second).isVisible()).toBe(false);
    expect(await second.getByLabel('Quiz Name').inputValue()).toBe('Kept from the first tab');
    expect(await second.getByText('Unsaved changes').isVisible()).toBe(false);
  });
});
