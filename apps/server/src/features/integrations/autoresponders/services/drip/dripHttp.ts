import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import { parseRetryAfter } from '../../../../delivery/senders/retryAfter';
import { type ConnectContext, ServiceError } from '../../autoresponderClient';
import { type ServiceRequest, type ServiceResponse, serviceRequest } from '../../serviceHttp';

/** Drip asks every caller to name itself (all its examples send one). */
export const DRIP_USER_AGENT = 'Quizbeam (quizbeam.app)';

/** "Retry shortly" for a subscriber being updated by another request; it costs no quota. */
const CONCURRENT_RETRY_MS = 1_000;

type RequestContext = Pick<ConnectContext, 'http' | 'now'>;

interface DripErrorItem {
  code?: unknown;
  attribute?: unknown;
  message?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ errors: [{ code, attribute, message }] }`, or the 429's `{ message }`. */
function errorItems(body: unknown): DripErrorItem[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.errors)) return body.errors.filter(isRecord);
  if (typeof body.message === 'string') return [{ message: body.message }];
  return [];
}

const textOf = (items: DripErrorItem[]) =>
  items
    .map((item) => (typeof item.message === 'string' ? item.message : String(item.code ?? '')))
    .filter((text) => text !== '')
    .join(' ');

/** What Drip's failed answer means. `notFound` says which thing a 404 is about ("this campaign"). */
export function dripFailure(
  context: RequestContext,
  response: ServiceResponse,
  notFound = 'what Quizbeam asked for',
): ServiceError {
  const items = errorItems(response.body);
  const text = textOf(items);
  const details = {
    statusCode: response.status,
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], context.now().getTime()),
    responseExcerpt: excerpt(response.bodyText),
  };
  const codes = items.map((item) => item.code);
  const suffix = text === '' ? '' : `: ${text}`;
  // UNCONFIRMED which status this comes with (a rate-limit error per the docs): the text decides.
  if (/too many concurrent requests/i.test(text)) {
    return new ServiceError('retryable', `Drip was busy updating this subscriber${suffix}`, {
      ...details,
      retryAfterMs: details.retryAfterMs ?? CONCURRENT_RETRY_MS,
    });
  }
  if (response.status === 429)
    return new ServiceError('retryable', `Drip's rate limit was reached${suffix}`, details);
  if (response.status === 401 || (response.status === 403 && codes.includes('authorization_error'))) {
    return new ServiceError(
      'unauthorized',
      `Drip no longer accepts Quizbeam's access. Reconnect Drip${suffix}`,
      details,
    );
  }
  if (response.status >= 500)
    return new ServiceError('retryable', `Drip is not answering right now${suffix}`, details);
  if (response.body === undefined) {
    const kind = response.status >= 400 ? 'permanent' : 'retryable';
    return new ServiceError(kind, `Drip did not answer with JSON (status ${response.status}).`, details);
  }
  if (response.status === 404)
    return new ServiceError('permanent', `Drip does not know ${notFound}${suffix}`, details);
  const aboutEmail = items.some((item) => item.attribute === 'email' || item.code === 'email_error');
  return new ServiceError(
    'permanent',
    `Drip refused ${aboutEmail ? 'the address' : 'the lead'}${suffix}`,
    details,
  );
}

/**
 * One call to the Drip API with the Bearer token; answers the response when it is a success (JSON, or an
 * empty body), throws the classified ServiceError otherwise.
 */
export async function dripCall(
  context: RequestContext,
  accessToken: string,
  request: ServiceRequest,
  notFound?: string,
): Promise<ServiceResponse> {
  const response = await serviceRequest(context, {
    ...request,
    headers: { authorization: `Bearer ${accessToken}`, 'user-agent': DRIP_USER_AGENT, ...request.headers },
  });
  const success = response.status >= 200 && response.status < 300;
  const readable = response.body !== undefined || response.bodyText.trim() === '';
  if (success && readable) return response;
  throw dripFailure(context, response, notFound);
}
