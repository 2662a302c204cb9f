import type { Endpoint, HttpMethod } from '@quizbeam/contracts/endpoint';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import type { z } from 'zod';
import { ApiError } from './ApiError';
import { trackRequest } from './activeRequests';

type ResponseSchema = z.ZodType | undefined;
export type ResponseData<Schema extends ResponseSchema> = Schema extends z.ZodType
  ? z.output<Schema>
  : unknown;
type BodyArguments<Body extends ResponseSchema> = Body extends z.ZodType ? [body: z.input<Body>] : [];

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

async function send(method: HttpMethod, path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await globalThis.fetch(`${apiBaseUrl()}${path}`, {
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
  return json;
}

/** Sends one call, counted by the loading overlay, and checks the answer against the schema when given. */
export function request<Schema extends ResponseSchema>(
  method: HttpMethod,
  path: string,
  body: unknown,
  responseSchema: Schema,
): Promise<ResponseData<Schema>> {
  return trackRequest(async () => {
    const json = await send(method, path, body);
    if (!responseSchema) return json as ResponseData<Schema>;
    const parsed = responseSchema.safeParse(json);
    if (!parsed.success) throw new ApiError(500, undefined, `Unexpected response from ${method} ${path}`);
    return parsed.data as ResponseData<Schema>;
  });
}

export const api = {
  get: <Schema extends ResponseSchema>(path: string, responseSchema: Schema) =>
    request('GET', path, undefined, responseSchema),
  post: <Schema extends ResponseSchema>(path: string, body: unknown, responseSchema: Schema) =>
    request('POST', path, body, responseSchema),
  put: <Schema extends ResponseSchema>(path: string, body: unknown, responseSchema: Schema) =>
    request('PUT', path, body, responseSchema),
  del: <Schema extends ResponseSchema>(path: string, responseSchema: Schema) =>
    request('DELETE', path, undefined, responseSchema),
};

/** Calls a contract's endpoint: the body and the result are typed by its declaration. */
export function callEndpoint<Body extends ResponseSchema, Response extends ResponseSchema>(
  endpoint: Endpoint<Body, Response>,
  ...[body]: BodyArguments<Body>
): Promise<ResponseData<Response>> {
  return request(endpoint.method, endpoint.path, body, endpoint.response);
}
