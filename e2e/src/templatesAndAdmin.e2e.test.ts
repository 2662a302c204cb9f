import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chooseOption } from './editorSupport';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest({ viewport: { width: 1400, height: 1200 } });

const statusWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A second person in their own browser context (their own cookies), signed in. */
async function anotherUser(flags: { commercial?: boolean; name?: string } = {}) {
  const account = await createAccount(dataDir, { password: 'secret-two', ...flags });
  const context = await ui.browser.newContext({ viewport: { width: 1400, height: 1200 } });
  const page = await context.newPage();
  await signIn(page, appUrl, account.email, 'secret-two');
  return { ...account, page, context };
}

async function signedInAdmin() {
  const { email } = await createAccount(dataDir, { password: 'secret-one', admin: true });
  await signIn(ui.page, appUrl, email, 'secret-one');
  return ui.page;
}

describe('templates, the admin console and the Account page', () => {
  it('an admin builds a template in the editor; a user previews it, creates a quiz from it and publishes', async () => {
    const page = await signedInAdmin();
    const templateName = `Which onboarding fits you ${crypto.randomUUID().slice(0, 6)}?`;

    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('link', { name: 'New Template' }).click();
    await page.getByLabel('Template Name').fill(templateName);
    await page.getByRole('button', { name: 'Scored', exact: true }).click();
    await chooseOption(page, page, 'Category', 'Lead Generation');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    const templateId = page.url().split('/').at(-1) ?? '';

    await page.getByLabel('Description').fill('Find the onboarding plan that gets your team going.');
    await page.getByRole('switch', { name: 'Is Available for New Quizzes?' }).click();

    await page.getByRole('link', { name: 'Outcomes' }).click();
    for (const [title, from, to] of [
      ['Self-serve', '0', '2'],
      ['Guided', '3', '6'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Outcome' }).click();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Score From').fill(from);
      await page.getByLabel('Score To').fill(to);
    }

    await page.getByRole('link', { name: 'Questions' }).click();
    for (const question of ['How big is your team?', 'Have you used a tool like ours?']) {
      await page.getByRole('button', { name: 'Add Question' }).click();
      await page.getByLabel('Question Text').fill(question);
      for (const [index, text] of ['A little', 'A lot'].entries()) {
        await page.getByRole('button', { name: 'Add Answer' }).click();
        await page
          .getByRole('region', { name: `Answer ${index + 1}`, exact: true })
          .getByLabel('Text')
          .fill(text);
      }
      await chooseOption(
        page,
        page.getByRole('region', { name: 'Answer 2', exact: true }),
        'Points',
        'Correct +3',
      );
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await statusWith(page, 'Template has been saved.').waitFor();

    // The template list shows it; the stored template has what the editor made.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${appUrl}/templates`);
    await page.getByRole('link', { name: `Edit ${templateName}` }).waitFor();
    const stored = (await (await page.request.get(`${appUrl}/api/templates/${templateId}`)).json()) as {
      isAvailableForNewQuizzes: boolean;
      quiz: { questions: unknown[]; outcomes: unknown[] };
    };
    expect(stored.isAvailableForNewQuizzes).toBe(true);
    expect(stored.quiz.questions).toHaveLength(2);
    expect(stored.quiz.outcomes).toHaveLength(2);

    // A plain user finds it in New Quiz, previews it and creates a quiz from it.
    const user = await anotherUser();
    await user.page.getByRole('link', { name: 'New Quiz' }).click();
    await user.page.getByLabel('Quiz Name').fill('Our onboarding quiz');
    // The table shows the templates of the quiz type chosen.
    await user.page.getByRole('button', { name: 'Scored', exact: true }).click();
    await user.page.getByLabel('Search templates').fill(templateName.slice(0, 24));
    await user.page.getByRole('button', { name: `Preview ${templateName}` }).click();
    const preview = user.page.getByRole('dialog');
    await preview.getByText('Have you used a tool like ours?').waitFor();
    expect(await preview.innerText()).toContain('Guided');
    await preview.getByRole('button', { name: 'Select' }).click();
    await user.page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
    const quizId = user.page.url().split('/').at(-1) ?? '';
    const quiz = (await (await user.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as {
      name: string;
      type: string;
      questions: { text: string }[];
      isPublished: boolean;
    };
    expect(quiz).toMatchObject({ name: 'Our onboarding quiz', type: 'scored', isPublished: false });
    expect(quiz.questions.map((question) => question.text)).toEqual([
      'How big is your team?',
      'Have you used a tool like ours?',
    ]);

    await user.page.getByRole('link', { name: 'Publish' }).click();
    await user.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await statusWith(user.page, 'Quiz has been published.').waitFor();
    const url = (await user.page.locator('.publish-tab__url').getAttribute('href')) ?? '';
    const visitor = await user.context.newPage();
    await visitor.goto(url);
    // The template's start page (its title is the template's name), then its first question.
    await visitor.getByRole('heading', { name: templateName }).waitFor();
    await visitor.getByRole('button', { name: 'Start', exact: true }).click();
    await visitor.getByRole('button', { name: 'A lot', exact: true }).waitFor();
    await user.context.close();
  });

  it("an admin changes an account's limits, its user sees them; a disabled account cannot sign in", async () => {
    const accountName = `Limits Co ${crypto.randomUUID().slice(0, 6)}`;
    const user = await anotherUser({ commercial: true, name: accountName });
    const page = await signedInAdmin();

    await page.goto(`${appUrl}/admin`);
    await page.getByLabel('Search accounts').fill(user.email);
    await page.getByRole('link', { name: accountName }).click();
    await page.getByLabel('Quizzes: own limit', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await statusWith(page, 'Account has been saved.').waitFor();

    await user.page.getByRole('link', { name: 'Account' }).click();
    const limits = user.page.getByRole('list', { name: 'Usage Limits' });
    await expect.poll(() => limits.innerText()).toContain('Quizzes');
    expect(
      await limits
        .getByRole('listitem')
        .filter({ hasText: /^Quizzes/ })
        .innerText(),
    ).toContain('0 / 3');

    await page.getByRole('button', { name: 'Disable Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
    await statusWith(page, 'The account has been disabled.').waitFor();

    // Its session has ended, and signing in again is refused with the reason.
    await user.page.reload();
    await user.page.waitForURL(/\/login/);
    await user.page.getByLabel('Email').fill(user.email);
    await user.page.getByLabel('Password', { exact: true }).fill('secret-two');
    await user.page.getByRole('button', { name: 'Sign In' }).click();
    await user.page.getByText('This account has been disabled.').waitFor();
    await user.context.close();
  });
});
