import {
  createHtmlFormEndpoint,
  deleteHtmlFormEndpoint,
  type HtmlForm,
  type HtmlFormBody,
  listHtmlFormsEndpoint,
  parseHtmlFormEndpoint,
  updateHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import type { HtmlFormData } from '@quizbeam/contracts/quiz';
import { call } from '../../api/apiClient';

/** Where the account's HTML forms are cached (TanStack Query keys); a save or delete invalidates the list. */
export const htmlFormsQueryKeys = {
  list: (account: string) => ['html-forms', account] as const,
  /** What the server found in some markup: the same markup always parses the same. */
  parsed: (account: string, markup: string) => ['html-form-parse', account, markup] as const,
} as const;

export const listHtmlForms = (account: string): Promise<HtmlForm[]> =>
  call(listHtmlFormsEndpoint, { params: { account } });

export const parseHtmlFormMarkup = (account: string, originalMarkup: string): Promise<HtmlFormData> =>
  call(parseHtmlFormEndpoint, { params: { account }, body: { originalMarkup } });

/** Adds the form, or changes it in place when `id` is given. */
export const saveHtmlForm = (account: string, id: string | null, body: HtmlFormBody): Promise<HtmlForm> =>
  id === null
    ? call(createHtmlFormEndpoint, { params: { account }, body })
    : call(updateHtmlFormEndpoint, { params: { account, id }, body });

export const deleteHtmlForm = (account: string, id: string) =>
  call(deleteHtmlFormEndpoint, { params: { account, id } });
