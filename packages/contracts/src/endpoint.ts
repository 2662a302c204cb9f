import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One declaration per endpoint, shared by the server's validation and the client's types. */
export interface Endpoint<Body extends z.ZodType | undefined, Response extends z.ZodType | undefined> {
  method: HttpMethod;
  path: string;
  body: Body;
  response: Response;
}

export function endpoint<Body extends z.ZodType | undefined, Response extends z.ZodType | undefined>(
  declaration: Endpoint<Body, Response>,
): Endpoint<Body, Response> {
  return declaration;
}
