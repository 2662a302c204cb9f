import { z } from 'zod';
import { type ClientContext, type ConnectContext, ServiceError } from '../../autoresponderClient';
import {
  errorFromResponse,
  isOk,
  type ServiceRequest,
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';
import type { ServiceSettings } from '../../serviceSettings';

/*
 * GetResponse API v3 over OAuth 2.0: Bearer calls, tokens from `POST /v3/token` with HTTP Basic
 * client_id:client_secret, refreshed with the refresh_token grant when they expire or answer 401.
 */

export const getResponseCredentialsSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  /** ISO time the access token stops working; null when the token answer had no expires_in. */
  expiresAt: z.string().nullable(),
});
export type GetResponseCredentials = z.infer<typeof getResponseCredentialsSchema>;

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

const errorBodySchema = z
  .object({
    code: z.number().optional(),
    message: z.string().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

/** Refresh a little before the stated expiry so a call never starts with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;
const THROTTLED_CODE = 1015;

/** "432 seconds" (X-RateLimit-Reset, context.timeToReset) in milliseconds, or null. */
export function parseResetSeconds(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+)\s*(seconds?)?\s*$/i.exec(value);
  return match?.[1] ? Number(match[1]) * 1000 : null;
}

/** GetResponse's error body in words for the delivery log: its message plus the validation detail. */
function describeError(response: ServiceResponse): string | null {
  const parsed = errorBodySchema.safeParse(response.body);
  if (!parsed.success) return null;
  const detail = parsed.data.context?.errorDescription;
  const parts = [parsed.data.message, typeof detail === 'string' ? detail : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function getResponseErrorCode(response: ServiceResponse): number | undefined {
  const parsed = errorBodySchema.safeParse(response.body);
  return parsed.success ? parsed.data.code : undefined;
}

/** A failed answer as a ServiceError: 429 / code 1015 waits for X-RateLimit-Reset, the rest as usual. */
export function getResponseError(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  what: string,
): ServiceError {
  const detail = describeError(response);
  const message = detail ? `${what}: ${detail}` : `${what} (HTTP ${response.status}).`;
  const error = errorFromResponse(context, response, message);
  if (response.status === 429 || getResponseErrorCode(response) === THROTTLED_CODE) {
    const parsed = errorBodySchema.safeParse(response.body);
    const retryAfterMs =
      parseResetSeconds(response.headers['x-ratelimit-reset']) ??
      parseResetSeconds(parsed.success ? parsed.data.context?.timeToReset : undefined) ??
      error.details.retryAfterMs ??
      null;
    return new ServiceError('retryable', `GetResponse asked to slow down: ${detail ?? 'too many requests'}`, {
      ...error.details,
      retryAfterMs,
    });
  }
  return error;
}

function oauthApp(settings: ServiceSettings) {
  const { tokenUrl, clientId, clientSecret } = settings;
  if (!tokenUrl || !clientId || !clientSecret) {
    throw new ServiceError(
      'permanent',
      'GetResponse is not set up on this server: GETRESPONSE_CLIENT_ID and GETRESPONSE_CLIENT_SECRET are missing.',
    );
  }
  return { tokenUrl, clientId, clientSecret };
}

/**
 * Asks the token endpoint for tokens. A refused grant is `refusedKind` (permanent for a code exchange,
 * unauthorized for a refresh: the user must connect again); 429 and 5xx stay retryable.
 */
export async function requestTokens(
  context: ConnectContext,
  form: Record<string, string>,
  refusedKind: 'permanent' | 'unauthorized',
  previousRefreshToken: string | null = null,
): Promise<GetResponseCredentials> {
  const app = oauthApp(context.settings);
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const response = await serviceRequest(context, {
    url: app.tokenUrl,
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    form,
  });
  const answer = tokenAnswerSchema.safeParse(response.body);
  if (isOk(response) && answer.success) {
    const { access_token, refresh_token, expires_in } = answer.data;
    return {
      accessToken: access_token,
      refreshToken: refresh_token ?? previousRefreshToken,
      expiresAt: expires_in ? new Date(context.now().getTime() + expires_in * 1000).toISOString() : null,
    };
  }
  // A 2xx without tokens (an HTML page), 408, 429 and 5xx are worth another try; other 4xx refuse the grant.
  const refused = response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
  const error = getResponseError(context, response, 'GetResponse did not issue a token');
  if (!refused)
    throw error.kind === 'retryable' ? error : new ServiceError('retryable', error.message, error.details);
  const body = z
    .object({ error_description: z.string().optional(), error: z.string().optional() })
    .safeParse(response.body);
  const reason = body.success ? (body.data.error_description ?? body.data.error) : undefined;
  throw new ServiceError(
    refusedKind,
    refusedKind === 'unauthorized'
      ? `GetResponse no longer accepts Quizbeam's access${reason ? ` (${reason})` : ''}: connect the account again.`
      : `GetResponse refused the authorization${reason ? `: ${reason}` : '.'}`,
    error.details,
  );
}

/**
 * The calls of one operation with the connection's token: refreshes it first when it has expired, and
 * once more on a 401, saving the new tokens before going on.
 */
export function createGetResponseSession(context: ClientContext<GetResponseCredentials>) {
  let credentials = context.credentials;
  let refreshed = false;

  const refresh = async () => {
    refreshed = true;
    if (!credentials.refreshToken) {
      throw new ServiceError(
        'unauthorized',
        'The GetResponse access has expired: connect the account again.',
      );
    }
    credentials = await requestTokens(
      context,
      { grant_type: 'refresh_token', refresh_token: credentials.refreshToken },
      'unauthorized',
      credentials.refreshToken,
    );
    await context.saveCredentials(credentials);
  };

  const expired = () =>
    credentials.expiresAt !== null &&
    Date.parse(credentials.expiresAt) - EXPIRY_MARGIN_MS <= context.now().getTime();

  const send = (request: ServiceRequest) =>
    serviceRequest(context, {
      ...request,
      url: `${context.settings.apiUrl}${request.url}`,
      headers: { ...request.headers, authorization: `Bearer ${credentials.accessToken}` },
    });

  return {
    /** `request.url` is the path under the API base, e.g. `/contacts`. */
    async request(request: ServiceRequest): Promise<ServiceResponse> {
      if (!refreshed && expired()) await refresh();
      const response = await send(request);
      if (response.status !== 401 || refreshed) return response;
      await refresh();
      return send(request);
    },
  };
}

export type GetResponseSession = ReturnType<typeof createGetResponseSession>;
