import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone (`public`), a signed-in user (`user`), an admin (`admin`), only a
 * tool on the server's own machine (`internal`: the CLI, the reverse proxy's TLS question), or a caller
 * holding an account's API key in the `X-API-Key` header (`apiKey`: the Zapier app; no session).
 */
export type Access = 'public' | 'user' | 'admin' | 'internal' | 'apiKey';

/** Where an endpoint lives: the builder's host (APP_URL), or every published site (PUBLISH_URL, custom domains). */
export type Site = 'app' | 'published';

/** The answer of an endpoint that renders a page (a preview) instead of JSON. */
export const htmlPage = { kind: 'html' } as const;
export type HtmlPage = typeof htmlPage;

/** The answer of an endpoint that sends bytes of their own type (a file, a script): the handler sends them. */
export const fileAnswer = { kind: 'file' } as const;
export type FileAnswer = typeof fileAnswer;

/** The answer of an endpoint that sends the browser on to another address: the handler chooses it. */
export const redirectAnswer = { kind: 'redirect' } as const;
export type RedirectAnswer = typeof redirectAnswer;

/** Answers that are not JSON: described by their kind, not by a schema. */
export type OtherAnswer = HtmlPage | FileAnswer | RedirectAnswer;

/**
 * How a body arrives: JSON (the default), a plain HTML form post (the preview), or the raw bytes of a file
 * whatever its Content-Type says (uploads: read up to `maxBodyBytes`, the caller checked before it is read).
 */
export type BodyFormat = 'json' | 'form' | 'bytes';

/** Path parameters arrive as strings. */
type ParamsSchema = z.ZodObject<z.ZodRawShape>;

/**
 * One declaration per endpoint, the only way one is registered on the server and called from the
 * builder. `path` names its parameters as `:name`; a path parameter that fails `params` names no
 * resource (404), a query or body that fails its schema is a 400, and the answer must match `response`.
 * A `:account` parameter must be the signed-in user's account (404 otherwise).
 */
export interface Endpoint<
  Params extends ParamsSchema | undefined = ParamsSchema | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | OtherAnswer = z.ZodType | OtherAnswer,
  Who extends Access = Access,
> {
  method: HttpMethod;
  path: string;
  access: Who;
  site?: Site;
  /** For the API reference. */
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  bodyFormat?: BodyFormat;
  /** A body larger than the server's default limit (1 MB) that this call takes, in bytes. */
  maxBodyBytes?: number;
  /** The status of a successful answer, when not 200. */
  successStatus?: 201 | 202;
  /**
   * A page or file for browsers rather than a call of the API (the sign-in page, a published quiz, a
   * stylesheet): registered the same way, left out of the API reference.
   */
  page?: true;
  /** Served under the builder's BASE_PATH, as its pages are (the OAuth callback, the logout page). */
  underBasePath?: true;
  response: Response;
}

export function endpoint<
  Params extends ParamsSchema | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | OtherAnswer = z.ZodType,
  Who extends Access = Access,
>(declaration: Endpoint<Params, Query, Body, Response, Who>): Endpoint<Params, Query, Body, Response, Who> {
  return declaration;
}

/** The values a call fills in: `params` for the path, `query`, and `body`, each typed by the declaration. */
export type CallInput<E> =
  E extends Endpoint<infer Params, infer Query, infer Body, z.ZodType | OtherAnswer, Access>
    ? (Params extends z.ZodType ? { params: z.input<Params> } : { params?: undefined }) &
        (Query extends z.ZodType ? { query?: z.input<Query> } : { query?: undefined }) &
        (Body extends z.ZodType ? { body: z.input<Body> } : { body?: undefined })
    : never;

export type ResponseOf<E> =
  E extends Endpoint<
    ParamsSchema | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    infer Response,
    Access
  >
    ? Response extends z.ZodType
      ? z.output<Response>
      : Response extends HtmlPage
        ? string
        : never
    : never;

/** The schemas and access of a declaration, for code that works on any endpoint. */
export type EndpointParts<E> =
  E extends Endpoint<infer Params, infer Query, infer Body, infer Response, infer Who>
    ? { params: Params; query: Query; body: Body; response: Response; access: Who }
    : never;

/** `path` with each `:name` replaced by its value, URL-encoded. */
export function pathOf(declaration: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return declaration.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${declaration.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Ids in paths: a malformed one names nothing. */
export const idParam = z.uuid();
/** The account in `/accounts/:account/…` paths; any other account's id answers 404 like an unknown one. */
export const accountParam = z.string().min(1).max(100);

/** The answer of calls that only confirm. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
