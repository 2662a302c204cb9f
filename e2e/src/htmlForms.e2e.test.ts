import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest();

const MARKUP = `<form action="https://lists.example.com/subscribe" method="post">
  <input type="hidden" name="list" value="7">
  <label for="email">Your email</label><input id="email" type="email" name="email">
  <label>First name <input name="first_name"></label>
  <button name="go" value="join">Join</button>
</form>`;
/** The same form written another way: the same parsed data, so a duplicate. */
const SAME_FORM_REWRITTEN = `<FORM METHOD="POST" ACTION="https://lists.example.com/subscribe">
  <input name="list" type="hidden" value="7"><label for="email">Your email</label>
  <input type="email" id="email" name="email"><label>First name <input name="first_name"></label>
  <button value="join" name="go">Join</button></FORM>`;

describe('HTML Forms', () => {
  it('adds a form from pasted markup, shows its fields, refuses a duplicate and deletes it', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    await ui.page.getByRole('link', { name: 'HTML Forms' }).click();
    await ui.page.waitForURL(`${appUrl}/html-forms`);
    await ui.page.getByText('Nothing to see here…').waitFor();

    await ui.page.getByRole('button', { name: 'New Form' }).click();
    const editor = ui.page.getByRole('dialog', { name: 'New Form' });
    await editor.getByLabel('Name').fill('Newsletter');
    await editor.getByLabel('Markup').fill(MARKUP);
    const found = editor.getByRole('region', { name: 'Found in the markup' });
    await found.getByRole('heading', { name: '3 fields' }).waitFor();
    const rows = await found
      .getByRole('row')
      .evaluateAll((elements) =>
        elements.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
      );
    expect(rows).toEqual([
      ['list', 'hidden', '7', 'list'],
      ['email', 'email', '', 'Your email'],
      ['first_name', 'text', '', 'First name'],
    ]);
    await found.getByText('go = "join"').waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Form has been saved.' }).waitFor();
    const list = ui.page.getByRole('list', { name: 'HTML forms' });
    const card = list.getByRole('listitem').filter({ hasText: 'Newsletter' });
    await card.getByText('3 fields').waitFor();
    await card.getByText('https://lists.example.com/subscribe').waitFor();

    await ui.page.getByRole('button', { name: 'New Form' }).click();
    await editor.getByLabel('Name').fill('Newsletter again');
    await editor.getByLabel('Markup').fill(SAME_FORM_REWRITTEN);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor
      .getByText('This form is a duplicate of "Newsletter". Please use that one instead.')
      .waitFor();
    expect(await editor.getByLabel('Markup').getAttribute('aria-invalid')).toBe('true');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect(await list.getByRole('listitem').count()).toBe(1);

    await ui.page.getByRole('button', { name: 'Delete Newsletter' }).click();
    const confirmation = ui.page.getByRole('dialog', { name: 'Are you sure?' });
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Delete complete.' }).waitFor();
    await ui.page.getByText('Nothing to see here…').waitFor();
  });
});
