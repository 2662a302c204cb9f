import type { OutboundMethod, OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { excerpt } from '../../delivery/senders/classifyAttempt';
import { parseRetryAfter } from '../../delivery/senders/retryAfter';
import { type ConnectContext, ServiceError, type ServiceErrorKind } from './autoresponderClient';

/** Target lists can be long; a lead's answer is small. */
export const LIST_RESPONSE_BYTES = 2 * 1024 * 1024;

export interface ServiceRequest {
  url: string;
  method?: OutboundMethod;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is given. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  maxResponseBytes?: number;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

/** Turns a network failure into a retryable ServiceError (a refused address or bad URL is permanent). */
function outboundFailure(error: OutboundError): ServiceError {
  const kind: ServiceErrorKind =
    error.kind === 'refused_address' || error.kind === 'bad_url' ? 'permanent' : 'retryable';
  return new ServiceError(kind, error.message);
}

/**
 * One request through the guarded client. Answers whatever status came back (the client decides what it
 * means); throws ServiceError only when no answer came or it was cut off.
 */
export async function serviceRequest(
  context: Pick<ConnectContext, 'http' | 'now'>,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let response: OutboundResponse;
  try {
    response = await context.http.request({
      url: request.url,
      method: request.method ?? 'GET',
      headers,
      body,
      maxResponseBytes: request.maxResponseBytes,
      redirects: 'method-preserving',
    });
  } catch (error) {
    if (error instanceof OutboundError) throw outboundFailure(error);
    throw error;
  }
  if (response.truncated) {
    throw new ServiceError('retryable', 'The service answered with more than the size limit.', {
      statusCode: response.status,
      responseExcerpt: excerpt(response.bodyText),
    });
  }
  let parsed: unknown;
  if (response.bodyText.trim() !== '') {
    try {
      parsed = JSON.parse(response.bodyText);
    } catch {
      parsed = undefined;
    }
  }
  return { status: response.status, headers: response.headers, bodyText: response.bodyText, body: parsed };
}

/**
 * The usual meaning of a failed answer: 401 unauthorized; 408, 409, 425, 429 and 5xx retryable (429 with
 * its Retry-After); any other 4xx permanent. Clients handle their service's quirks before calling this.
 */
export function errorFromResponse(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  message: string,
): ServiceError {
  const { status } = response;
  const details = {
    statusCode: status,
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], context.now().getTime()),
    responseExcerpt: excerpt(response.bodyText),
  };
  if (status === 401) return new ServiceError('unauthorized', message, details);
  if (status >= 500 || [408, 409, 425, 429].includes(status))
    return new ServiceError('retryable', message, details);
  if (status >= 200 && status < 300) {
    // A 2xx whose body is not what the API sends (an HTML page from a proxy) is retried.
    return new ServiceError('retryable', message, details);
  }
  return new ServiceError('permanent', message, details);
}

/** The body as JSON of the expected shape, or a retryable error (a service answering HTML instead of JSON). */
export function expectJson(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  what: string,
): unknown {
  if (response.body === undefined) {
    throw errorFromResponse(
      context,
      { ...response, status: response.status >= 400 ? response.status : 502 },
      `${what}: the service did not answer with JSON.`,
    );
  }
  return response.body;
}

export const isOk = (response: ServiceResponse) => response.status >= 200 && response.status < 300;
