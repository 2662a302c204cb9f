import { quizSchema } from '@quizbeam/contracts/quiz';
import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest();

describe('a session that ends while editing', () => {
  it('asks for the password in a dialog and then saves the unsaved quiz', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    const created = await ui.page.request.post(`${appUrl}/api/quizzes`, {
      data: { name: 'Before', type: 'general' },
    });
    const { quizId } = (await created.json()) as { quizId: string };
    await ui.page.goto(`${appUrl}/quizzes/${quizId}`);
    await ui.page.getByLabel('Quiz Name').fill('After the session ended');

    await ui.page.context().clearCookies();
    await ui.page.getByRole('button', { name: 'Save' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Please sign in again' });
    await dialog.getByLabel('Password').fill('secret-one');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();

    const stored = quizSchema.parse(
      await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json(),
    );
    expect(stored.name).toBe('After the session ended');
    await expect.poll(() => ui.page.getByRole('dialog').count()).toBe(0);
  });
});
