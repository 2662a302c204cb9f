import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';
import { htmlFormDataSchema } from './htmlFormSettings';

/*
 * HTML forms: a marketer pastes a form's markup; the server parses it with a real HTML parser and keeps what
 * it found. A lead is submitted to the form's action by the server.
 */

export const HTML_FORM_NAME_REQUIRED_TEXT = 'Please enter a name for the form.';
export const HTML_FORM_MARKUP_ERROR_TEXT =
  'Paste the markup of one form: a <form> tag with an action and a method of get or post.';
export const htmlFormDuplicateText = (name: string) =>
  `This form is a duplicate of "${name}". Please use that one instead.`;
/** Our server submits each lead to the action, so it must be a whole web address. */
export const htmlFormRelativeActionText = (action: string) =>
  `The form's action "${action}" is not a full web address. Leads are sent to it from our server, so it must ` +
  'start with http:// or https:// (for example https://example.com/subscribe).';

/** Names the quizzes (as "A", "A" and "B", "A", "B" and "C") that still send their leads to the form. */
export function htmlFormInUseText(quizNames: readonly string[]): string {
  const quoted = quizNames.map((name) => `"${name}"`);
  const last = quoted.pop() ?? '';
  const names = quoted.length === 0 ? last : `${quoted.join(', ')} and ${last}`;
  const verb = quizNames.length === 1 ? 'uses' : 'use';
  return (
    `${names} ${verb} this form. Choose another form in the Capture Form tab of ` +
    `${quizNames.length === 1 ? 'that quiz' : 'those quizzes'}, then delete this one.`
  );
}

/** A refusal of the markup carries this `field`, so the editor shows it on the markup field. */
export const HTML_FORM_MARKUP_FIELD = 'originalMarkup';

export const htmlFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  originalMarkup: z.string(),
  data: htmlFormDataSchema,
});
export type HtmlForm = z.infer<typeof htmlFormSchema>;

/** What the editor sends; the server parses `originalMarkup` again and keeps its own `data`. */
export const htmlFormBodySchema = z.object({
  name: z.string().trim().min(1, HTML_FORM_NAME_REQUIRED_TEXT).max(200),
  originalMarkup: z.string().min(1, HTML_FORM_MARKUP_ERROR_TEXT).max(100_000),
  data: htmlFormDataSchema.optional(),
});
export type HtmlFormBody = z.infer<typeof htmlFormBodySchema>;

const accountParams = z.object({ account: accountParam });
const accountFormParams = z.object({ account: accountParam, id: idParam });

export const listHtmlFormsEndpoint = endpoint({
  method: 'GET',
  path: '/api/account/:account/html-forms',
  access: 'user',
  summary: "The account's HTML forms, by name",
  params: accountParams,
  response: z.array(htmlFormSchema),
});

/** Parses markup without storing it: what the editor shows as found, or 400 with the markup error. */
export const parseHtmlFormEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/html-forms/parse',
  access: 'user',
  summary: 'Parse pasted form markup (nothing is stored)',
  params: accountParams,
  body: z.object({ originalMarkup: htmlFormBodySchema.shape.originalMarkup }),
  response: htmlFormDataSchema,
});

export const createHtmlFormEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/html-forms',
  access: 'user',
  summary: 'Add an HTML form (400 on bad markup, 409 for a duplicate)',
  params: accountParams,
  body: htmlFormBodySchema,
  response: htmlFormSchema,
});

export const updateHtmlFormEndpoint = endpoint({
  method: 'PUT',
  path: '/accounts/:account/html-forms/:id',
  access: 'user',
  summary: 'Change an HTML form',
  params: accountFormParams,
  body: htmlFormBodySchema,
  response: htmlFormSchema,
});

/** Refused with 409 `in_use` (naming the quizzes) while a quiz sends its leads to the form. */
export const deleteHtmlFormEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/html-forms/:id/delete',
  access: 'user',
  summary: 'Delete an HTML form no quiz uses',
  params: accountFormParams,
  response: okResponseSchema,
});
