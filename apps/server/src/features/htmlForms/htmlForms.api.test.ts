import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import {
  createHtmlFormEndpoint,
  deleteHtmlFormEndpoint,
  HTML_FORM_MARKUP_ERROR_TEXT,
  HTML_FORM_NAME_REQUIRED_TEXT,
  type HtmlForm,
  htmlFormDuplicateText,
  htmlFormInUseText,
  htmlFormRelativeActionText,
  listHtmlFormsEndpoint,
  parseHtmlFormEndpoint,
  updateHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { htmlForms } from '@quizbeam/db/schema';
import { addOutcome } from '@quizbeam/quiz-engine/outcomes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MARKUP,
  CONTACT_MARKUP_REWRITTEN,
  expectMarkupError,
  NEWSLETTER_DATA,
  NEWSLETTER_MARKUP,
  QUERY_MARKUP,
} from '../../testing/htmlFormMarkup';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const _storedRows = () => t.context.db.select().from(htmlForms);

async function createForm(account: SignedInAccount, name: string, originalMarkup: string): Promise<HtmlForm> {
  return (
    await account.send(createHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { name, originalMarkup },
    })
  ).data();
}

const listForms = async (account: SignedInAccount) =>
  (await account.send(listHtmlFormsEndpoint, { params: { account: account.accountId } })).data();

function outcomeWithForm(quiz: Quiz, htmlFormSettings: HtmlFormSettings | null): Quiz {
  return {
    ...quiz,
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      leadCaptureSettings: { ...outcome.leadCaptureSettings, htmlFormSettings },
    })),
  };
}

/** A quiz of the account sending its leads to the form: from its own settings, or from its first outcome's. */
async function quizUsingForm(
  account: SignedInAccount,
  name: string,
  form: HtmlForm,
  where: 'quiz' | 'outcome',
) {
  const { quizId } = (await account.send(createQuizEndpoint, { body: { name, type: 'general' } })).data();
  const quiz = (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
  const htmlFormSettings: HtmlFormSettings = {
    htmlFormId: form.id,
    formData: form.data,
    fieldMappings: { name: null, email: 'email', checkboxes: [] },
  };
  const changed =
    where === 'quiz'
      ? {
          ...quiz,
          leadCaptureSettings: { ...quiz.leadCaptureSettings, type: 'html-form' as const, htmlFormSettings },
        }
      : outcomeWithForm(addOutcome(quiz).quiz, htmlFormSettings);
  return (await account.send(saveQuizEndpoint, { params: { id: quizId }, body: changed })).data();
}

describe('create and list', () => {
  it("stores the parsed form (whatever data the caller sent) and lists the account's forms by name", async () => {
    const account = await t.signIn();
    const other = await t.signIn();
    const created = await account.send(createHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: {
        name: '  newsletter ',
        originalMarkup: NEWSLETTER_MARKUP,
        data: { ...NEWSLETTER_DATA, fields: [] },
      },
    });
    const newsletter = created.data();
    expect(newsletter).toEqual({
      id: expect.any(String),
      name: 'newsletter',
      originalMarkup: NEWSLETTER_MARKUP,
      data: NEWSLETTER_DATA,
    });
    const contact = await createForm(account, 'Contact', CONTACT_MARKUP);
    const query = await createForm(account, 'Audience search', QUERY_MARKUP);
    await createForm(other, 'Not theirs', CONTACT_MARKUP);

    expect((await listForms(account)).map((form) => form.name)).toEqual([
      'Audience search',
      'Contact',
      'newsletter',
    ]);
    expect(await listForms(account)).toEqual([query, contact, newsletter]);
    expect((await listForms(other)).map((form) => form.name)).toEqual(['Not theirs']);
  });

  it('refuses bad markup and a blank name with 400 and stores nothing', async () => {
    const account = await t.signIn();
    const badMarkup = await account.send(createHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { name: 'Broken', originalMarkup: '<form action="/relative"><input name="email"></form>' },
    });
    expectMarkupError(badMarkup, htmlFormRelativeActionText('/relative'));
    const blankName = await account.send(createHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { name: '   ', originalMarkup: CONTACT_MARKUP },
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json()).toMatchObject({ code: 'validation_failed' });
    expect(blankName.body).toContain(HTML_FORM_NAME_REQUIRED_TEXT);
    expect(await listForms(account)).toEqual([]);
  });

  it('refuses a duplicate of the same parsed data, however the markup is written, naming the first', async () => {
    const account = await t.signIn();
    const first = await createForm(account, 'CRM leads', CONTACT_MARKUP);
    const again = await account.send(createHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { name: 'CRM leads again', originalMarkup: CONTACT_MARKUP_REWRITTEN },
    });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { code: 'duplicate', error: htmlFormDuplicateText('CRM leads') },
    ]);
    expect(await listForms(account)).toEqual([first]);
    // Another account's same form is no duplicate of this one's.
    const other = await t.signIn();
    expect((await createForm(other, 'Mine too', CONTACT_MARKUP_REWRITTEN)).data).toEqual(first.data);
  });
});

describe('update', () => {
  it('changes the name and markup of the form and keeps its id', async () => {
    const account = await t.signIn();
    const form = await createForm(account, 'Contact', CONTACT_MARKUP);
    const renamed = (
      await account.send(updateHtmlFormEndpoint, {
        params: { account: account.accountId, id: form.id },
        body: { name: 'Contact (renamed)', originalMarkup: CONTACT_MARKUP },
      })
    ).data();
    expect(renamed).toEqual({ ...form, name: 'Contact (renamed)' });
    const changed = (
      await account.send(updateHtmlFormEndpoint, {
        params: { account: account.accountId, id: form.id },
        body: { name: 'Search', originalMarkup: QUERY_MARKUP },
      })
    ).data();
    expect(changed).toMatchObject({ id: form.id, name: 'Search', originalMarkup: QUERY_MARKUP });
    expect(changed.data.action).toBe('http://search.example.org/find');
    expect(await listForms(account)).toEqual([changed]);
    // The old markup is free again.
    await createForm(account, 'Contact', CONTACT_MARKUP_REWRITTEN);
  });

  it('refuses becoming a duplicate of another form, and bad markup, leaving the form as it was', async () => {
    const account = await t.signIn();
    await createForm(account, 'Contact', CONTACT_MARKUP);
    const search = await createForm(account, 'Search', QUERY_MARKUP);
    const duplicate = await account.send(updateHtmlFormEndpoint, {
      params: { account: account.accountId, id: search.id },
      body: { name: 'Search', originalMarkup: CONTACT_MARKUP_REWRITTEN },
    });
    expect([duplicate.statusCode, duplicate.json()]).toEqual([
      409,
      { code: 'duplicate', error: htmlFormDuplicateText('Contact') },
    ]);
    const broken = await account.send(updateHtmlFormEndpoint, {
      params: { account: account.accountId, id: search.id },
      body: { name: 'Search renamed', originalMarkup: '<p>no form</p>' },
    });
    expectMarkupError(broken, HTML_FORM_MARKUP_ERROR_TEXT);
    expect((await listForms(account)).find((form) => form.id === search.id)).toEqual(search);
  });
});

describe('delete', () => {
  it('refuses while quizzes send leads to the form, naming them, and deletes it once none does', async () => {
    const account = await t.signIn();
    const form = await createForm(account, 'Contact', CONTACT_MARKUP);
    const spare = await createForm(account, 'Search', QUERY_MARKUP);
    const byQuiz = await quizUsingForm(account, 'Quiz B', form, 'quiz');
    const byOutcome = await quizUsingForm(account, 'Quiz A', form, 'outcome');
    await quizUsingForm(account, 'Uses the other', spare, 'quiz');
    // Another account's quiz naming this id (a copy, say) does not hold it.
    const other = await t.signIn();
    await quizUsingForm(other, 'Elsewhere', form, 'quiz');

    const refused = await account.send(deleteHtmlFormEndpoint, {
      params: { account: account.accountId, id: form.id },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { code: 'in_use', error: htmlFormInUseText(['Quiz A', 'Quiz B']) },
    ]);
    expect(htmlFormInUseText(['Quiz A', 'Quiz B'])).toMatch(/^"Quiz A" and "Quiz B" use this form\./);
    expect((await listForms(account)).map((stored) => stored.id)).toContain(form.id);

    await account.send(saveQuizEndpoint, {
      params: { id: byQuiz.id },
      body: { ...byQuiz, leadCaptureSettings: { ...byQuiz.leadCaptureSettings, htmlFormSettings: null } },
    });
    const stillRefused = await account.send(deleteHtmlFormEndpoint, {
      params: { account: account.accountId, id: form.id },
    });
    expect(stillRefused.json()).toEqual({ code: 'in_use', error: htmlFormInUseText(['Quiz A']) });
    expect(htmlFormInUseText(['Quiz A'])).toMatch(/^"Quiz A" uses this form\./);

    await account.send(saveQuizEndpoint, {
      params: { id: byOutcome.id },
      body: outcomeWithForm(byOutcome, null),
    });
    const deleted = await account.send(deleteHtmlFormEndpoint, {
      params: { account: account.accountId, id: form.id },
    });
    expect(deleted.data()).toEqual({ ok: true });
    expect((await listForms(account)).map((stored) => stored.name)).toEqual(['Search']);
  });

  it('deletes a form no quiz uses', async () => {
    const account = await t.signIn();
    const form = await createForm(account, 'Contact', CONTACT_MARKUP);
    const answer = await account.send(deleteHtmlFormEndpoint, {
      params: { account: account.accountId, id: form.id },
    });
    expect(answer.data()).toEqual({ ok: true });
    expect(await listForms(account)).toEqual([]);
    const again = await account.send(deleteHtmlFormEndpoint, {
      params: { account: account.accountId, id: form.id },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('access', () => {
  const everyCall = [
    listHtmlFormsEndpoint,
    parseHtmlFormEndpoint,
    createHtmlFormEndpoint,
    updateHtmlFormEndpoint,
    deleteHtmlFormEndpoint,
  ];
  const validBody = { name: 'Stolen', originalMarkup: QUERY_MARKUP };

  it.each(
    everyCall.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const),
  )('%s answers 401 signed out', async (_name, declaration) => {
    const owner = await t.signIn();
    const form = await createForm(owner, 'Contact', CONTACT_MARKUP);
    const answer = await t.app.inject({
      method: declaration.method,
      url: declaration.path.replace(':account', owner.accountId).replace(':id', form.id),
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: validBody,
    });
    expect([answer.statusCode, answer.json()]).toMatchObject([401, { code: 'unauthenticated' }]);
  });

  it("answers 404 for another account's form before looking at the body: a duplicate or bad markup", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const form = await createForm(owner, 'Contact', CONTACT_MARKUP);
    await createForm(stranger, 'Mine', CONTACT_MARKUP);
    for (const body of [
      { name: 'Copy', originalMarkup: CONTACT_MARKUP },
      { name: 'Broken', originalMarkup: '<p>no form here</p>' },
    ]) {
      for (const id of [form.id, crypto.randomUUID()]) {
        const answer = await stranger.call('PUT', `/accounts/${stranger.accountId}/html-forms/${id}`, body);
        expect([body.name, answer.statusCode]).toEqual([body.name, 404]);
      }
    }
  });

  it.each(
    everyCall.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const),
  )(
    "%s answers 404 for another account's ids and malformed ones, and changes nothing",
    async (_name, declaration) => {
      const owner = await t.signIn();
      const stranger = await t.signIn();
      const form = await createForm(owner, 'Contact', CONTACT_MARKUP);
      const attempts = [
        { account: owner.accountId, id: form.id },
        { account: stranger.accountId, id: form.id },
        { account: 'not-an-account', id: form.id },
        { account: stranger.accountId, id: 'not-a-uuid' },
      ].filter((params) => declaration.path.includes(':id') || params.account !== stranger.accountId);
      for (const params of attempts) {
        const answer = await stranger.call(
          declaration.method,
          declaration.path.replace(':account', params.account).replace(':id', params.id),
          declaration.method === 'GET' ? undefined : validBody,
        );
        expect([params, answer.statusCode, answer.json()]).toMatchObject([
          params,
          404,
          { code: 'not_found' },
        ]);
      }
      expect(await listForms(owner)).toEqual([form]);
      expect(await listForms(stranger)).toEqual([]);
    },
  );
});
