import { type CallInput, type Endpoint, pathOf, type ResponseOf } from '@quizbeam/contracts/endpoint';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import { ApiError, isApiError } from './ApiError';
import { trackRequest } from './activeRequests';
import { waitForSignInAgain } from './reauthentication';

export function apiBaseUrl(): string {
  return import.meta.env.VITE_API_BASE_URL ?? '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.code, parsed.data.error, body);
  return new ApiError(status, undefined, `Request failed with status ${status}`, body);
}

/** The address of a call: the declaration's path with its params, and the query, under the API's base URL. */
export function urlOf(
  declaration: Pick<Endpoint, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const path = pathOf(declaration, (input.params ?? {}) as Record<string, string>);
  const query = new URLSearchParams(
    Object.entries((input.query ?? {}) as Record<string, unknown>).flatMap(([name, value]) =>
      value === undefined || value === null ? [] : [[name, String(value)]],
    ),
  ).toString();
  return `${apiBaseUrl()}${path}${query ? `?${query}` : ''}`;
}

/**
 * Calls an endpoint through its declaration, the only way the builder talks to the API: the path is built
 * from `params`, the body sent as JSON, the call counted by the loading overlay, a non-OK status raised as
 * an ApiError (with the server's code and text), and the answer checked against the response schema. A
 * signed-in call answered 401 waits for the user to sign in again (see `reauthentication.ts`) and is repeated.
 */
export function call<E extends Endpoint>(
  declaration: E,
  ...[input]: Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<ResponseOf<E>> {
  return callCounted(declaration, input, trackRequest);
}

/**
 * A call made for the user without being asked (an autosave): like `call`, an ended session asks to sign in
 * again, but the loading overlay stays off, so typing is never covered by it.
 */
export function callWithoutOverlay<E extends Endpoint>(
  declaration: E,
  ...[input]: Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<ResponseOf<E>> {
  return callCounted(declaration, input, (run) => run());
}

async function callCounted<E extends Endpoint>(
  declaration: E,
  input: unknown,
  track: <T>(run: () => Promise<T>) => Promise<T>,
): Promise<ResponseOf<E>> {
  try {
    return await track(() => attempt(declaration, input));
  } catch (error) {
    // A signed-in call whose session ended: sign in again in a dialog (not counted as a request, so the
    // loading overlay stays off it), then repeat the call once.
    const needsSession = declaration.access === 'user' || declaration.access === 'admin';
    const signedInAgain = needsSession && isApiError(error, 401) ? waitForSignInAgain() : null;
    if (!signedInAgain) throw error;
    await signedInAgain.catch(() => {
      throw error;
    });
    return track(() => attempt(declaration, input));
  }
}

/**
 * A call the user did not ask for (a poll in the background): the loading overlay stays off, and an ended
 * session fails it quietly instead of asking to sign in again.
 */
export function callInBackground<E extends Endpoint>(
  declaration: E,
  ...[input]: Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<ResponseOf<E>> {
  return attempt(declaration, input);
}

async function attempt<E extends Endpoint>(declaration: E, input: unknown): Promise<ResponseOf<E>> {
  const { method } = declaration;
  const url = urlOf(declaration, (input ?? {}) as { params?: unknown; query?: unknown });
  const body = (input as { body?: unknown } | undefined)?.body;
  let response: Response;
  try {
    response = await globalThis.fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, undefined, 'The server could not be reached.');
  }
  const json = await readJson(response);
  if (!response.ok) throw toApiError(response.status, json);
  const schema = declaration.response;
  if ('kind' in schema)
    throw new Error(`${method} ${declaration.path} answers a page; open it, do not call it`);
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError(500, undefined, `Unexpected response from ${method} ${declaration.path}`);
  return parsed.data as ResponseOf<E>;
}
