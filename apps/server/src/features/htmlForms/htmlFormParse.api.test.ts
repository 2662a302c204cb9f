import {
  HTML_FORM_MARKUP_ERROR_TEXT,
  htmlFormRelativeActionText,
  parseHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import { htmlForms } from '@quizbeam/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectMarkupError,
  NEWSLETTER_DATA,
  NEWSLETTER_MARKUP,
  QUERY_MARKUP,
} from '../../testing/htmlFormMarkup';
import { startTestApp, type TestApp } from '../../testing/testApp';

/* The HTML form editor's parse call: what the markup holds, and the refusals in words of the form. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const storedRows = () => t.context.db.select().from(htmlForms);

describe('parse', () => {
  it('finds the first form: method, action, named fields with value and label, and the submit button', async () => {
    const account = await t.signIn();
    const answer = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { originalMarkup: NEWSLETTER_MARKUP },
    });
    expect(answer.data()).toEqual(NEWSLETTER_DATA);
    expect(await storedRows()).toEqual([]);
  });

  it('takes get when the method is missing, and a typed submit button', async () => {
    const account = await t.signIn();
    const answer = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { originalMarkup: QUERY_MARKUP },
    });
    expect(answer.data()).toEqual({
      method: 'get',
      action: 'http://search.example.org/find',
      fields: [{ name: 'q', type: 'text', value: 'quiz', label: 'q' }],
      submit: { name: '', value: '' },
    });
  });

  it.each([
    ['no form at all', '<div><input name="email"></div>', HTML_FORM_MARKUP_ERROR_TEXT],
    ['plain text', 'just some words <form', HTML_FORM_MARKUP_ERROR_TEXT],
    [
      'a form without an action',
      '<form method="post"><input name="e"></form>',
      `${HTML_FORM_MARKUP_ERROR_TEXT} This form has no action.`,
    ],
    [
      'an empty action',
      '<form action="  "></form>',
      `${HTML_FORM_MARKUP_ERROR_TEXT} This form has no action.`,
    ],
    [
      'a method other than get or post',
      '<form action="https://a.example/" method="dialog"></form>',
      `${HTML_FORM_MARKUP_ERROR_TEXT} This form's method is "dialog".`,
    ],
    ['a relative action', '<form action="/subscribe"></form>', htmlFormRelativeActionText('/subscribe')],
    [
      'an action without a scheme',
      '<form action="example.com/join"></form>',
      htmlFormRelativeActionText('example.com/join'),
    ],
    [
      'a javascript: action',
      '<form action="javascript:alert(1)"></form>',
      htmlFormRelativeActionText('javascript:alert(1)'),
    ],
    [
      'a mailto: action',
      '<form action="mailto:a@example.com"></form>',
      htmlFormRelativeActionText('mailto:a@example.com'),
    ],
  ])('refuses %s with the markup error', async (_case, originalMarkup, error) => {
    const account = await t.signIn();
    const answer = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { originalMarkup },
    });
    expectMarkupError(answer, error);
  });

  it('says the relative action cannot be submitted by our server', () => {
    expect(htmlFormRelativeActionText('/join')).toContain('sent to it from our server');
  });

  it('refuses more fields or longer values than a form may keep, in words of the form', async () => {
    const account = await t.signIn();
    const many = Array.from({ length: 101 }, (_, index) => `<input name="f${index}">`).join('');
    const tooMany = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { originalMarkup: `<form action="https://a.example/">${many}</form>` },
    });
    expectMarkupError(tooMany, 'This form has 101 fields; a form can have at most 100.');
    const long = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: {
        originalMarkup: `<form action="https://a.example/"><input type="hidden" name="token" value="${'x'.repeat(501)}"></form>`,
      },
    });
    expectMarkupError(long, 'The value of the field "token" is longer than 500 characters.');
  });

  it('answers 400 for an empty markup', async () => {
    const account = await t.signIn();
    const answer = await account.send(parseHtmlFormEndpoint, {
      params: { account: account.accountId },
      body: { originalMarkup: '' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation_failed' });
  });
});
