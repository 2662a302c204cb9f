import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import { parseRetryAfter } from '../../../../delivery/senders/retryAfter';
import {
  type ApiKeyClient,
  type ClientContext,
  type ConnectContext,
  requiredCredential,
  ServiceError,
} from '../../autoresponderClient';
import { LIST_RESPONSE_BYTES, type ServiceResponse, serviceRequest } from '../../serviceHttp';
import { sendlaneApiBase } from './sendlaneSiteAddress';

/*
 * Sendlane's legacy v1 API (the one our connect form's name + site address + API key + hash key fits):
 * POST https://<subdomain>.sendlane.com/api/v1/<method>, form-encoded, with `api` and `hash` parameters.
 * Its answer and error shapes are UNCONFIRMED: we assume JSON with an `error` key on failure, at any status.
 */

const credentialsSchema = z.object({
  /** The account's v1 base, e.g. https://acme.sendlane.com/api/v1, resolved from the site address at connect. */
  apiBaseUrl: z.string().url(),
  apiKey: z.string().min(1),
  hashKey: z.string().min(1),
});
export type SendlaneCredentials = z.infer<typeof credentialsSchema>;

// UNCONFIRMED: v1 `lists` paging; `start`/`limit` are sent, and a repeated page (parameters ignored) ends the loop.
const LISTS_PAGE_SIZE = 100;
const MAX_LIST_PAGES = 50;

const listItemSchema = z.object({
  list_id: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  list_name: z.string().optional(),
  name: z.string().optional(),
});

type RequestContext = Pick<ConnectContext, 'http' | 'now'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of the body's `error` key (a string, an object with a message, or a list), or null when none. */
function errorText(body: unknown): string | null {
  if (!isRecord(body) || !('error' in body)) return null;
  const error = body.error;
  if (error === false || error === null || error === undefined || error === '') return null;
  if (typeof error === 'string') return error;
  if (Array.isArray(error))
    return error.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ');
  if (isRecord(error)) {
    const text = error.message ?? error.messages ?? error.code;
    if (typeof text === 'string') return text;
    if (Array.isArray(text)) return text.join(' ');
  }
  return JSON.stringify(error);
}

function detailsOf(context: RequestContext, response: ServiceResponse) {
  return {
    statusCode: response.status,
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], context.now().getTime()),
    responseExcerpt: excerpt(response.bodyText),
  };
}

/** What a Sendlane answer means when it is not a success; null when it is one. */
function failureOf(context: RequestContext, response: ServiceResponse): ServiceError | null {
  const details = detailsOf(context, response);
  const text = errorText(response.body);
  if (response.status === 429 || (text !== null && /too many|rate limit/i.test(text))) {
    return new ServiceError('retryable', 'Sendlane asked Quizbeam to slow down (rate limit).', details);
  }
  if (response.status >= 500) {
    return new ServiceError(
      'retryable',
      `Sendlane is not answering right now (status ${response.status}).`,
      details,
    );
  }
  if (text === null) {
    if (response.body === undefined) {
      if (response.status === 401 || response.status === 403) {
        return new ServiceError('unauthorized', 'Sendlane refused the API key or hash key.', details);
      }
      return new ServiceError(
        response.status >= 400 ? 'permanent' : 'retryable',
        `Sendlane did not answer with JSON (status ${response.status}).`,
        details,
      );
    }
    if (response.status >= 400) {
      const kind = response.status === 401 || response.status === 403 ? 'unauthorized' : 'permanent';
      return new ServiceError(kind, `Sendlane refused the request (status ${response.status}).`, details);
    }
    return null;
  }
  if (
    response.status === 401 ||
    response.status === 403 ||
    /api key|hash|unauthori|authenticat|credential/i.test(text)
  ) {
    const hashKey = /hash/i.test(text) && !/api key/i.test(text);
    return new ServiceError(
      'unauthorized',
      `Sendlane refused the ${hashKey ? 'hash key' : 'API key'}: ${text}`,
      {
        ...details,
        field: hashKey ? 'hashKey' : 'apiKey',
      },
    );
  }
  if (/list/i.test(text))
    return new ServiceError('permanent', `Sendlane does not know this list: ${text}`, details);
  if (/email|address/i.test(text))
    return new ServiceError('permanent', `Sendlane refused the address: ${text}`, details);
  return new ServiceError('permanent', `Sendlane refused the request: ${text}`, details);
}

function methodRequest(
  context: RequestContext,
  credentials: SendlaneCredentials,
  method: string,
  params: Record<string, string>,
  maxResponseBytes?: number,
): Promise<ServiceResponse> {
  return serviceRequest(context, {
    url: `${credentials.apiBaseUrl}/${method}`,
    method: 'POST',
    form: { api: credentials.apiKey, hash: credentials.hashKey, ...params },
    maxResponseBytes,
  });
}

async function callMethod(
  context: RequestContext,
  credentials: SendlaneCredentials,
  method: string,
  params: Record<string, string>,
  maxResponseBytes?: number,
): Promise<ServiceResponse> {
  const response = await methodRequest(context, credentials, method, params, maxResponseBytes);
  const failure = failureOf(context, response);
  if (failure) throw failure;
  return response;
}

/** The lists in a `lists` answer: an array, `{ lists | data: [...] }`, or a PHP-style object keyed by index. */
function listItems(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of ['lists', 'data', 'list']) {
    const value = body[key];
    if (Array.isArray(value)) return value;
  }
  return Object.values(body).filter(isRecord);
}

function targetsOf(response: ServiceResponse): Target[] {
  const targets: Target[] = [];
  for (const item of listItems(response.body)) {
    const parsed = listItemSchema.safeParse(item);
    if (!parsed.success) continue;
    const id = parsed.data.list_id ?? parsed.data.id;
    if (id === undefined) continue;
    targets.push({ id: String(id), displayName: parsed.data.list_name ?? parsed.data.name ?? `List ${id}` });
  }
  return targets;
}

const listsPage = (
  context: RequestContext,
  credentials: SendlaneCredentials,
  start: number,
  maxBytes?: number,
) =>
  callMethod(
    context,
    credentials,
    'lists',
    { start: String(start), limit: String(LISTS_PAGE_SIZE) },
    maxBytes,
  );

/** `First Last<email>` as list-subscribers-add takes it; the name loses the characters that would break it. */
function addressOf(email: string, name: string | null): string {
  const cleanName = (name ?? '')
    .replace(/[<>,"\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleanName === '' ? email : `${cleanName}<${email}>`;
}

/** A connect check that failed, told against the input that caused it. */
function connectRefusal(error: unknown, siteAddress: string): unknown {
  if (!(error instanceof ServiceError)) return error;
  const { details } = error;
  if (error.kind === 'unauthorized') {
    return new ServiceError('permanent', error.message, { ...details, field: details.field ?? 'apiKey' });
  }
  const unreachable = details.statusCode === undefined || details.statusCode === null;
  const notSendlane = details.statusCode === 404 || /did not answer with JSON/.test(error.message);
  if (unreachable || notSendlane) {
    return new ServiceError(
      'permanent',
      `Quizbeam could not reach a Sendlane account at "${siteAddress.slice(0, 100)}": ${error.message} Check the site address.`,
      { ...details, field: 'subdomain' },
    );
  }
  return error;
}

export const sendlaneClient: ApiKeyClient<SendlaneCredentials> = {
  service: 'sendlane',
  auth: 'apikey',
  credentialsSchema,

  async connect(context, input) {
    const apiKey = requiredCredential(input.apiKey, 'apiKey', 'Please enter your Sendlane API key.');
    const hashKey = requiredCredential(input.hashKey, 'hashKey', 'Please enter your Sendlane hash key.');
    const apiBaseUrl = sendlaneApiBase(context.settings.apiUrl, input.subdomain);
    const credentials: SendlaneCredentials = { apiBaseUrl, apiKey, hashKey };
    try {
      await listsPage(context, credentials, 0);
    } catch (error) {
      throw connectRefusal(error, input.subdomain ?? '');
    }
    return credentials;
  },

  async checkStatus(context: ClientContext<SendlaneCredentials>) {
    await listsPage(context, context.credentials, 0);
  },

  async listTargets(context) {
    const targets: Target[] = [];
    const seen = new Set<string>();
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const response = await listsPage(context, context.credentials, targets.length, LIST_RESPONSE_BYTES);
      const fresh = targetsOf(response).filter((target) => !seen.has(target.id));
      for (const target of fresh) seen.add(target.id);
      targets.push(...fresh);
      if (fresh.length < LISTS_PAGE_SIZE) break;
    }
    return targets;
  },

  async subscribe(context, targetId, lead) {
    if (!/^\d+$/.test(targetId)) {
      throw new ServiceError(
        'permanent',
        `"${targetId.slice(0, 100)}" is not a Sendlane list id. Choose the list again.`,
      );
    }
    // Tags and custom fields are not sent: the v1 parameters for them are UNCONFIRMED (see the README).
    const response = await callMethod(context, context.credentials, 'list-subscribers-add', {
      email: addressOf(lead.email, lead.name),
      list_id: targetId,
    });
    return { statusCode: response.status, responseExcerpt: excerpt(response.bodyText) };
  },
};
