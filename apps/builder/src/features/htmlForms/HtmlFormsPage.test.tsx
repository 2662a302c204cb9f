import { meEndpoint } from '@quizbeam/contracts/auth';
import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import {
  createHtmlFormEndpoint,
  deleteHtmlFormEndpoint,
  HTML_FORM_MARKUP_ERROR_TEXT,
  HTML_FORM_NAME_REQUIRED_TEXT,
  type HtmlForm,
  htmlFormDuplicateText,
  htmlFormInUseText,
  listHtmlFormsEndpoint,
  parseHtmlFormEndpoint,
  updateHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { deleteHtmlFormText, HTML_FORM_DELETED_TEXT, HTML_FORM_SAVED_TEXT } from './htmlFormTexts';

const ACCOUNT = accountHolder().account.id;

const newsletterData: HtmlFormData = {
  method: 'post',
  action: 'https://lists.example.com/subscribe',
  fields: [
    { name: 'list', type: 'hidden', value: '7', label: 'list' },
    { name: 'email', type: 'email', value: '', label: 'Your email' },
    { name: 'first_name', type: 'text', value: '', label: 'First name' },
  ],
  submit: { name: 'go', value: 'Join' },
};
const newsletter: HtmlForm = {
  id: '7d9a3c1e-1f2a-4b3c-8d4e-5f6a7b8c9d01',
  name: 'Newsletter',
  originalMarkup: '<form action="https://lists.example.com/subscribe" method="post">…</form>',
  data: newsletterData,
};
const contact: HtmlForm = {
  id: '7d9a3c1e-1f2a-4b3c-8d4e-5f6a7b8c9d02',
  name: 'CRM contact',
  originalMarkup: '<form action="https://crm.example.com/leads"><input name="email"></form>',
  data: {
    method: 'get',
    action: 'https://crm.example.com/leads',
    fields: [{ name: 'email', type: 'text', value: '', label: 'email' }],
    submit: { name: '', value: '' },
  },
};
const PASTED = '<form action="https://lists.example.com/subscribe" method="post"><input name="email"></form>';

async function openHtmlForms(routes: FakeRoute[]) {
  const fetchMock = routeFetch([on(meEndpoint, accountHolder()), ...routes]);
  renderApp('/html-forms');
  expect(await screen.findByRole('heading', { name: 'HTML Forms' })).toBeTruthy();
  return fetchMock;
}

const cards = () =>
  within(screen.getByRole('list', { name: 'HTML forms' }))
    .getAllByRole('listitem')
    .map((card) => card.textContent);

const editor = (title: string) => screen.getByRole('dialog', { name: title });
const markupInput = () => screen.getByLabelText('Markup') as HTMLTextAreaElement;
const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;

describe('HTML Forms', () => {
  it('shows a card per form with its name, field count and action, and searches by name', async () => {
    await openHtmlForms([on(listHtmlFormsEndpoint, [contact, newsletter], { account: ACCOUNT })]);
    await screen.findByText('Newsletter');
    expect(cards()).toEqual([
      expect.stringMatching(/^CRM contact1 fieldGEThttps:\/\/crm\.example\.com\/leadsEditDelete$/),
      expect.stringMatching(/^Newsletter3 fieldsPOSThttps:\/\/lists\.example\.com\/subscribeEditDelete$/),
    ]);
    const search = screen.getByPlaceholderText('Search');
    fireEvent.change(search, { target: { value: 'NEWS' } });
    expect(cards()).toEqual([expect.stringContaining('Newsletter')]);
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });

  it('asks for a name and markup before sending anything', async () => {
    const fetchMock = await openHtmlForms([on(listHtmlFormsEndpoint, [])]);
    await screen.findByText(EMPTY_STATE_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'New Form' }));
    fireEvent.click(within(editor('New Form')).getByRole('button', { name: 'Save' }));
    expect(screen.getByText(HTML_FORM_NAME_REQUIRED_TEXT)).toBeTruthy();
    expect(screen.getByText(HTML_FORM_MARKUP_ERROR_TEXT)).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(markupInput().getAttribute('aria-invalid')).toBe('true');
    expect(receivedCalls(fetchMock).map((received) => received.route)).not.toContain(
      `POST /accounts/${ACCOUNT}/html-forms`,
    );
  });

  it('parses pasted markup, shows what it found, saves it and lists it', async () => {
    let stored: HtmlForm[] = [];
    const fetchMock = await openHtmlForms([
      on(listHtmlFormsEndpoint, () => ({ status: 200, body: stored })),
      on(parseHtmlFormEndpoint, () => ({ status: 200, body: newsletterData })),
      on(createHtmlFormEndpoint, ({ body }) => {
        stored = [{ ...newsletter, name: (body as { name: string }).name }];
        return { status: 200, body: stored[0] };
      }),
    ]);
    await screen.findByText(EMPTY_STATE_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'New Form' }));
    fireEvent.change(nameInput(), { target: { value: '  Newsletter ' } });
    fireEvent.change(markupInput(), { target: { value: PASTED } });

    const found = await screen.findByRole('region', { name: 'Found in the markup' }, { timeout: 3000 });
    expect(within(found).getByText('POST')).toBeTruthy();
    expect(within(found).getByText('https://lists.example.com/subscribe')).toBeTruthy();
    expect(within(found).getByText('go = "Join"')).toBeTruthy();
    expect(within(found).getByRole('heading', { name: '3 fields' })).toBeTruthy();
    const rows = within(found)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['list', 'hidden', '7', 'list'],
      ['email', 'email', '', 'Your email'],
      ['first_name', 'text', '', 'First name'],
    ]);

    fireEvent.click(within(editor('New Form')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(HTML_FORM_SAVED_TEXT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cards()).toEqual([expect.stringContaining('Newsletter3 fields')]);
    const calls = receivedCalls(fetchMock);
    expect(
      calls.find((received) => received.route === `POST /accounts/${ACCOUNT}/html-forms/parse`)?.body,
    ).toEqual({
      originalMarkup: PASTED,
    });
    expect(calls.find((received) => received.route === `POST /accounts/${ACCOUNT}/html-forms`)?.body).toEqual(
      {
        name: 'Newsletter',
        originalMarkup: PASTED,
        data: newsletterData,
      },
    );
  });

  it("shows the server's markup error on the markup field", async () => {
    const refusal = 'The form\'s action "/join" is not a full web address.';
    await openHtmlForms([
      on(listHtmlFormsEndpoint, []),
      on(
        parseHtmlFormEndpoint,
        answerWith(400, { code: 'validation_failed', error: refusal, field: 'originalMarkup' }),
      ),
    ]);
    await screen.findByText(EMPTY_STATE_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'New Form' }));
    fireEvent.change(markupInput(), { target: { value: '<form action="/join"></form>' } });
    expect(await screen.findByText(refusal, {}, { timeout: 3000 })).toBeTruthy();
    expect(markupInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Found in the markup' })).toBeNull();
  });

  it('shows a duplicate refusal on the markup field and keeps the editor open', async () => {
    await openHtmlForms([
      on(listHtmlFormsEndpoint, [newsletter]),
      on(parseHtmlFormEndpoint, newsletterData),
      on(
        createHtmlFormEndpoint,
        answerWith(409, { code: 'duplicate', error: htmlFormDuplicateText('Newsletter') }),
      ),
    ]);
    await screen.findByText('Newsletter');
    fireEvent.click(screen.getByRole('button', { name: 'New Form' }));
    fireEvent.change(nameInput(), { target: { value: 'Newsletter again' } });
    fireEvent.change(markupInput(), { target: { value: PASTED } });
    fireEvent.click(within(editor('New Form')).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This form is a duplicate of "Newsletter". Please use that one instead.'),
    ).toBeTruthy();
    expect(markupInput().getAttribute('aria-invalid')).toBe('true');
    expect(editor('New Form')).toBeTruthy();
  });

  it('edits a form in place: opens with what is stored, without parsing again, and saves to its id', async () => {
    const fetchMock = await openHtmlForms([
      on(listHtmlFormsEndpoint, [newsletter]),
      on(
        updateHtmlFormEndpoint,
        ({ body }) => ({ status: 200, body: { ...newsletter, ...(body as object) } }),
        {
          id: newsletter.id,
        },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Newsletter' }));
    expect(nameInput().value).toBe('Newsletter');
    expect(markupInput().value).toBe(newsletter.originalMarkup);
    expect(within(editor('Edit Form')).getByRole('heading', { name: '3 fields' })).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'Weekly newsletter' } });
    fireEvent.click(within(editor('Edit Form')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(HTML_FORM_SAVED_TEXT)).toBeTruthy();
    const routes = receivedCalls(fetchMock).map((received) => received.route);
    expect(routes).toContain(`PUT /accounts/${ACCOUNT}/html-forms/${newsletter.id}`);
    expect(routes.filter((route) => route.endsWith('/parse'))).toEqual([]);
  });

  it('deletes a form after confirmation', async () => {
    let stored = [contact, newsletter];
    const fetchMock = await openHtmlForms([
      on(listHtmlFormsEndpoint, () => ({ status: 200, body: stored })),
      on(deleteHtmlFormEndpoint, ({ params }) => {
        stored = stored.filter((form) => form.id !== params.id);
        return { status: 200, body: { ok: true } };
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter' }));
    const confirmation = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirmation.textContent).toContain(deleteHtmlFormText('Newsletter'));
    expect(within(confirmation).getByRole('button', { name: 'Delete' }).className).toContain(
      'button--danger',
    );
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(HTML_FORM_DELETED_TEXT)).toBeTruthy();
    expect(cards()).toEqual([expect.stringContaining('CRM contact')]);
    expect(receivedCalls(fetchMock).map((received) => received.route)).toContain(
      `POST /accounts/${ACCOUNT}/html-forms/${newsletter.id}/delete`,
    );
  });

  it('says which quizzes use a form it cannot delete, and keeps it', async () => {
    const inUse = htmlFormInUseText(['Quiz A', 'Quiz B']);
    await openHtmlForms([
      on(listHtmlFormsEndpoint, [newsletter]),
      on(deleteHtmlFormEndpoint, answerWith(409, { code: 'in_use', error: inUse })),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(inUse);
    expect(cards()).toEqual([expect.stringContaining('Newsletter')]);
  });
});
