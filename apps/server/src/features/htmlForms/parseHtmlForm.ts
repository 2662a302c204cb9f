import { type HtmlFormData, htmlFormDataSchema } from '@quizbeam/contracts/htmlFormSettings';
import {
  HTML_FORM_MARKUP_ERROR_TEXT,
  HTML_FORM_MARKUP_FIELD,
  htmlFormRelativeActionText,
} from '@quizbeam/contracts/htmlForms';
import { AppError } from '../../shared/appError';
import { attributeOf, type FormElement, firstElementBelow, isNamed, parseMarkup } from './formElements';
import { fieldsOf, submitOf } from './formFields';

const MAX_FIELDS = 100;
const MAX_TEXT_LENGTH = 500;
const MAX_ACTION_LENGTH = 2048;

/** A refusal of the pasted markup: a 400 the editor shows on the markup field. */
export function markupError(message: string): AppError {
  return new AppError('validation_failed', message, {}, { field: HTML_FORM_MARKUP_FIELD });
}

function methodOf(form: FormElement): HtmlFormData['method'] {
  const method = (attributeOf(form, 'method') ?? '').trim().toLowerCase();
  if (method === '' || method === 'get') return 'get';
  if (method === 'post') return 'post';
  throw markupError(`${HTML_FORM_MARKUP_ERROR_TEXT} This form's method is "${method}".`);
}

function actionOf(form: FormElement): string {
  const action = (attributeOf(form, 'action') ?? '').trim();
  if (!action) throw markupError(`${HTML_FORM_MARKUP_ERROR_TEXT} This form has no action.`);
  let address: URL;
  try {
    address = new URL(action);
  } catch {
    throw markupError(htmlFormRelativeActionText(action));
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    throw markupError(htmlFormRelativeActionText(action));
  }
  if (address.href.length > MAX_ACTION_LENGTH) {
    throw markupError(`The form's action is longer than ${MAX_ACTION_LENGTH} characters.`);
  }
  return address.href;
}

/** Our limits on what is kept, said in the words of the form rather than as a schema failure. */
function checkSizes(data: HtmlFormData): void {
  if (data.fields.length > MAX_FIELDS) {
    throw markupError(`This form has ${data.fields.length} fields; a form can have at most ${MAX_FIELDS}.`);
  }
  for (const field of data.fields) {
    for (const [part, text] of Object.entries(field)) {
      if (typeof text === 'string' && text.length > MAX_TEXT_LENGTH) {
        throw markupError(
          `The ${part} of the field "${field.name.slice(0, 50)}" is longer than ${MAX_TEXT_LENGTH} characters.`,
        );
      }
    }
  }
  for (const [part, text] of Object.entries(data.submit)) {
    if (text.length > MAX_TEXT_LENGTH) {
      throw markupError(`The ${part} of the submit button is longer than ${MAX_TEXT_LENGTH} characters.`);
    }
  }
}

/**
 * Reads the first `<form>` of pasted markup with a real HTML parser: its method (get unless post), its
 * action (a whole http(s) address, since our server submits the leads), its named fields and its submit
 * button. Markup without such a form is refused with the markup error.
 */
export function parseHtmlForm(markup: string): HtmlFormData {
  const document = parseMarkup(markup);
  const form = firstElementBelow(document, isNamed('form'));
  if (!form) throw markupError(HTML_FORM_MARKUP_ERROR_TEXT);
  const data: HtmlFormData = {
    method: methodOf(form),
    action: actionOf(form),
    fields: fieldsOf(document, form),
    submit: submitOf(form),
  };
  checkSizes(data);
  return htmlFormDataSchema.parse(data);
}
