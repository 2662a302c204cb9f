import { z } from 'zod';
import { type ClientContext, type ConnectContext, ServiceError } from '../../autoresponderClient';
import {
  errorFromResponse,
  type ServiceRequest,
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';
import type { ServiceSettings } from '../../serviceSettings';

/*
 * ActiveCampaign API v3: the account's own API URL (typed by the user) + `/api/3`, the user's key in the
 * `Api-Token` header. Auth failures historically answer 403 (401 is taken too).
 */

export const activeCampaignCredentialsSchema = z.object({
  /** The account's API base, ending in `/api/3`. */
  apiBase: z.string().url(),
  apiKey: z.string().min(1),
});
export type ActiveCampaignCredentials = z.infer<typeof activeCampaignCredentialsSchema>;

const errorBodySchema = z
  .object({
    message: z.string().optional(),
    errors: z
      .array(z.object({ title: z.string().optional(), detail: z.string().optional() }).passthrough())
      .optional(),
  })
  .passthrough();

export const apiUrlError = (message: string) => new ServiceError('permanent', message, { field: 'apiUrl' });

/**
 * The API base for what the user typed: a full URL as it is (`https://acct.api-us1.com`, with or without
 * `/api/3`), a host without a scheme over https, or a bare account name in ACTIVECAMPAIGN_API_URL's
 * `{account}` pattern.
 */
export function activeCampaignApiBase(typed: string | undefined, settings: ServiceSettings): string {
  const text = (typed ?? '').trim();
  if (text === '') throw apiUrlError('Please enter your ActiveCampaign API URL (Settings, then Developer).');
  if (/^[a-z0-9][a-z0-9-]{0,62}$/i.test(text))
    return settings.apiUrl.replace('{account}', text.toLowerCase());
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw apiUrlError('This is not a valid API URL. Copy it from ActiveCampaign: Settings, then Developer.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw apiUrlError('The API URL must start with https://.');
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/3$/i, '');
  return `${url.origin}${path}/api/3`;
}

/** One call to the account's API with its key; `request.url` is the path under `/api/3`. */
export function activeCampaignRequest(
  context: Pick<ConnectContext, 'http' | 'now'>,
  credentials: ActiveCampaignCredentials,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  return serviceRequest(context, {
    ...request,
    url: `${credentials.apiBase}${request.url}`,
    headers: { ...request.headers, 'api-token': credentials.apiKey },
  });
}

/** ActiveCampaign's error in words: `errors[].title`/`detail` (422) or `message`. */
export function describeActiveCampaignError(response: ServiceResponse): string | null {
  const parsed = errorBodySchema.safeParse(response.body);
  if (!parsed.success) return null;
  const fromErrors = (parsed.data.errors ?? [])
    .map((item) => [item.title, item.detail].filter(Boolean).join(': '))
    .filter(Boolean)
    .join('; ');
  return fromErrors || parsed.data.message || null;
}

export const isAuthFailure = (response: ServiceResponse) =>
  response.status === 401 || response.status === 403;

export function activeCampaignError(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  what: string,
): ServiceError {
  const detail = describeActiveCampaignError(response);
  return errorFromResponse(
    context,
    response,
    detail ? `${what}: ${detail}` : `${what} (HTTP ${response.status}).`,
  );
}

export const refusedKeyError = (response: ServiceResponse, context: Pick<ConnectContext, 'now'>) => {
  const error = activeCampaignError(context, response, 'ActiveCampaign refused the API key');
  return new ServiceError(
    'unauthorized',
    `${error.message} Connect the account again with a valid key.`,
    error.details,
  );
};

/**
 * A failed call inside a delivery. ActiveCampaign answers a revoked key with 403, which also means "not
 * allowed" for other reasons, so a 403 is told apart by asking whether the key still opens /users/me.
 */
export async function deliveryFailure(
  context: ClientContext<ActiveCampaignCredentials>,
  response: ServiceResponse,
  what: string,
): Promise<ServiceError> {
  if (response.status === 403) {
    const me = await activeCampaignRequest(context, context.credentials, { url: '/users/me' });
    if (isAuthFailure(me)) return refusedKeyError(me, context);
  }
  return activeCampaignError(context, response, what);
}
