import type { Quiz } from '@quizbeam/contracts/quiz';
import { WEB_ADDRESS_SCHEME_TEXT } from '@quizbeam/contracts/webAddress';
import { describe, expect, inject, it } from 'vitest';
import { chooseOption } from './editorSupport';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest({ viewport: { width: 1440, height: 1200 } });

async function newQuizOutcomes(type: 'General' | 'Scored', pro = false): Promise<string> {
  const { email } = await createAccount(dataDir, { password: 'secret-one', pro });
  await signIn(ui.page, appUrl, email, 'secret-one');
  await ui.page.getByRole('link', { name: 'New Quiz' }).click();
  await ui.page.getByLabel('Quiz Name').fill('Outcome checks');
  await ui.page.getByRole('button', { name: type, exact: true }).click();
  await ui.page.getByRole('button', { name: 'Create From Scratch' }).click();
  await ui.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
  const quizId = ui.page.url().split('/').at(-1) ?? '';
  await ui.page.getByRole('link', { name: 'Outcomes' }).click();
  await ui.page.getByRole('button', { name: 'Add Outcome' }).click();
  return quizId;
}

describe('outcome editor in Chromium', () => {
  it('types score bounds key by key without moving the other bound, and flags an inverted interval on leaving', async () => {
    const quizId = await newQuizOutcomes('Scored');
    const from = ui.page.getByLabel('Score From');
    const to = ui.page.getByLabel('Score To');
    await from.click();
    await ui.page.keyboard.type('6');
    await to.click();
    await ui.page.keyboard.type('10');
    await ui.page.keyboard.press('Tab');
    expect([await from.inputValue(), await to.inputValue()]).toEqual(['6', '10']);

    await to.fill('');
    await ui.page.keyboard.type('2');
    await from.click();
    await from.fill('');
    await ui.page.keyboard.type('7');
    expect([await from.inputValue(), await to.inputValue()]).toEqual(['7', '2']);
    await ui.page.keyboard.press('Tab');
    await ui.page.getByText('The score interval ends before it starts.', { exact: false }).waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');

    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const stored = (await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
    expect(stored.outcomes[0]?.scoreRange).toEqual({ from: 7, to: 2 });
  });

  it('adds https:// to a redirect URL on leaving the field and explains a refused scheme', async () => {
    await newQuizOutcomes('General');
    await chooseOption(ui.page, ui.page, 'Outcome Type', 'Redirect URL');
    const redirect = ui.page.getByLabel('Redirect URL');
    await redirect.fill('example.com/offer');
    await ui.page.keyboard.press('Tab');
    expect(await redirect.inputValue()).toBe('https://example.com/offer');
    await redirect.fill('javascript:alert(1)');
    await ui.page.keyboard.press('Tab');
    await ui.page.getByText(WEB_ADDRESS_SCHEME_TEXT).waitFor();
  });

  it('keeps Remove Alternate Description apart from the text area above it', async () => {
    await newQuizOutcomes('General', true);
    await ui.page.getByRole('button', { name: 'Add Alternate Description' }).click();
    // boundingBox() does not wait: the new fields are drawn a moment after the click, the text field first as
    // a busy placeholder that the rich-text editor replaces once it has loaded.
    const textAreaField = ui.page
      .getByLabel('Alternate Description 1')
      .and(ui.page.locator(':not([aria-busy="true"])'));
    const removeButton = ui.page.getByRole('button', { name: 'Remove Alternate Description 1' });
    await Promise.all([textAreaField.waitFor(), removeButton.waitFor()]);
    const textArea = await textAreaField.boundingBox();
    const remove = await removeButton.boundingBox();
    if (!textArea || !remove) throw new Error('the alternate description is not visible');
    expect(remove.y - (textArea.y + textArea.height)).toBeGreaterThanOrEqual(8);
  });
});
