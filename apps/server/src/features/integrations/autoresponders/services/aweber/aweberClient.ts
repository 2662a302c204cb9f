import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import {
  type ClientContext,
  type ConnectContext,
  type OAuthClient,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import {
  errorFromResponse,
  expectJson,
  isOk,
  LIST_RESPONSE_BYTES,
  type ServiceRequest,
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';
import type { ServiceSettings } from '../../serviceSettings';

/*
 * AWeber API 1.0 with OAuth 2.0: 2-hour access tokens refreshed with the refresh token (client authenticated
 * by Basic on the token endpoint), the account id from GET /accounts stored with the connection, lists under
 * that account, and POST subscribers with update_existing as the upsert.
 */

const credentialsSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token stops working, ISO 8601. */
  expiresAt: z.string().min(1),
  accountId: z.string().min(1),
});
export type AweberCredentials = z.infer<typeof credentialsSchema>;

type Context = ClientContext<AweberCredentials>;

/** What lead capture needs; nothing that writes lists or reads emails. */
const SCOPES = 'account.read list.read subscriber.read subscriber.write';
const PAGE_SIZE = 100;
/** A token this close to its expiry is refreshed before the call rather than after a 401. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_TOKEN_LIFETIME_S = 2 * 60 * 60;
/** AWeber counts 120 requests a minute and says to wait a minute when over. */
const RATE_LIMIT_RETRY_AFTER_MS = 60_000;
/** AWeber's field limits. */
const MAX_NAME_LENGTH = 60;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  expires_at: z.number().optional(),
});
const collectionSchema = z.object({
  entries: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string().optional() })),
  next_collection_link: z.string().optional(),
});
const errorBodySchema = z.object({
  error: z.object({ message: z.string().optional(), type: z.string().optional() }),
});

function aweberMessage(response: ServiceResponse): string {
  const parsed = errorBodySchema.safeParse(response.body);
  return (parsed.success ? parsed.data.error.message : undefined) ?? `HTTP ${response.status}`;
}

function aweberError(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  doing: string,
): ServiceError {
  const { status } = response;
  const details = errorFromResponse(context, response, '').details;
  const message = aweberMessage(response);
  if (status === 429 || (status === 403 && /rate limit/i.test(message))) {
    return new ServiceError(
      'retryable',
      `AWeber's limit of requests per minute was reached while ${doing}.`,
      {
        ...details,
        retryAfterMs: details.retryAfterMs ?? RATE_LIMIT_RETRY_AFTER_MS,
      },
    );
  }
  if (status === 401) {
    return new ServiceError(
      'unauthorized',
      'AWeber no longer accepts this connection (access revoked?). Reconnect it on the Integrations page.',
      details,
    );
  }
  if (status >= 500)
    return new ServiceError('retryable', `AWeber is unavailable (HTTP ${status}) while ${doing}.`, details);
  if (status === 404) {
    return new ServiceError(
      'permanent',
      'AWeber does not know this list (was it deleted?). Choose another list in the quiz.',
      details,
    );
  }
  // WebServiceError (invalid or blocked address), 403 "cannot be accepted" and 410 BlockedError are about the address.
  const type = errorBodySchema.safeParse(response.body).data?.error.type;
  if (
    type === 'WebServiceError' ||
    status === 410 ||
    (status === 403 && /cannot be accepted/i.test(message))
  ) {
    return new ServiceError('permanent', `AWeber refused the address: ${message}`, details);
  }
  const base = errorFromResponse(context, response, '');
  return new ServiceError(base.kind, `AWeber refused ${doing}: ${message}`, details);
}

function requireOAuthApp(settings: ServiceSettings) {
  const { clientId, clientSecret, authorizeUrl, tokenUrl } = settings;
  if (!clientId || !clientSecret || !authorizeUrl || !tokenUrl) {
    throw new ServiceError(
      'permanent',
      'AWeber is not set up on this server (AWEBER_CLIENT_ID and AWEBER_CLIENT_SECRET are missing).',
    );
  }
  return { clientId, clientSecret, authorizeUrl, tokenUrl };
}

/** Calls the token endpoint with the client's Basic credentials; answers the tokens and their expiry. */
async function requestTokens(context: ConnectContext, form: Record<string, string>) {
  const app = requireOAuthApp(context.settings);
  const response = await serviceRequest(context, {
    url: app.tokenUrl,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
    },
    form,
  });
  if (!isOk(response)) return { response, tokens: null };
  const tokens = tokenSchema.safeParse(expectJson(context, response, 'AWeber token'));
  if (!tokens.success) throw errorFromResponse(context, response, 'AWeber answered without an access token.');
  const nowMs = context.now().getTime();
  const expiresAtMs = tokens.data.expires_in
    ? nowMs + tokens.data.expires_in * 1000
    : tokens.data.expires_at
      ? tokens.data.expires_at * 1000
      : nowMs + DEFAULT_TOKEN_LIFETIME_S * 1000;
  return { response, tokens: { ...tokens.data, expiresAt: new Date(expiresAtMs).toISOString() } };
}

async function refresh(context: Context, credentials: AweberCredentials): Promise<AweberCredentials> {
  const { response, tokens } = await requestTokens(context, {
    grant_type: 'refresh_token',
    refresh_token: credentials.refreshToken,
  });
  if (!tokens) {
    // An outage of the token endpoint is not a revoked grant.
    if (response.status >= 500 || response.status === 429)
      throw aweberError(context, response, 'renewing the access');
    throw new ServiceError(
      'unauthorized',
      'AWeber refused to renew the access (revoked?). Reconnect it on the Integrations page.',
      { statusCode: response.status, responseExcerpt: excerpt(response.bodyText) },
    );
  }
  const next: AweberCredentials = {
    ...credentials,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? credentials.refreshToken,
    expiresAt: tokens.expiresAt,
  };
  await context.saveCredentials(next);
  return next;
}

/**
 * One API call with a working token: refreshed first when it has expired, or once after a 401, then
 * retried. A 401 after the refresh stays a 401 for the caller to classify.
 */
async function authorizedRequest(
  context: Context,
  request: (credentials: AweberCredentials) => ServiceRequest,
): Promise<ServiceResponse> {
  let credentials = context.credentials;
  let refreshed = false;
  if (Date.parse(credentials.expiresAt) - EXPIRY_MARGIN_MS <= context.now().getTime()) {
    credentials = await refresh(context, credentials);
    refreshed = true;
  }
  const send = (current: AweberCredentials) => {
    const built = request(current);
    return serviceRequest(context, {
      ...built,
      headers: { ...built.headers, authorization: `Bearer ${current.accessToken}` },
    });
  };
  const response = await send(credentials);
  if (response.status !== 401 || refreshed) return response;
  return send(await refresh(context, credentials));
}

const accountUrl = (settings: ServiceSettings, credentials: AweberCredentials) =>
  `${settings.apiUrl}/accounts/${encodeURIComponent(credentials.accountId)}`;

async function checkStatus(context: Context): Promise<void> {
  const response = await authorizedRequest(context, () => ({ url: `${context.settings.apiUrl}/accounts` }));
  if (!isOk(response)) throw aweberError(context, response, 'checking the connection');
  expectJson(context, response, 'AWeber accounts');
}

async function listTargets(context: Context): Promise<Target[]> {
  const targets: Target[] = [];
  for (;;) {
    const query = new URLSearchParams({ 'ws.start': String(targets.length), 'ws.size': String(PAGE_SIZE) });
    const response = await authorizedRequest(context, (credentials) => ({
      url: `${accountUrl(context.settings, credentials)}/lists?${query}`,
      maxResponseBytes: LIST_RESPONSE_BYTES,
    }));
    if (!isOk(response)) throw aweberError(context, response, 'listing the lists');
    const page = collectionSchema.safeParse(expectJson(context, response, 'AWeber lists'));
    if (!page.success)
      throw errorFromResponse(context, response, 'AWeber answered an unexpected list of lists.');
    targets.push(
      ...page.data.entries.map((list) => ({
        id: String(list.id),
        displayName: list.name ?? `List ${list.id}`,
      })),
    );
    // Paging by our own offset rather than following next_collection_link keeps every call on the configured host.
    if (page.data.entries.length === 0 || !page.data.next_collection_link) return targets;
  }
}

async function subscribe(context: Context, listId: string, lead: SubscriberLead) {
  const subscriber: Record<string, unknown> = {
    email: lead.email.trim(),
    // Custom fields must exist on the list before they can be sent: quiz, outcome and score go as tags.
    tags: [...new Set(lead.tags)],
    // The upsert: an existing subscriber on the list is updated and the tags are appended.
    update_existing: 'true',
  };
  if (lead.name) subscriber.name = lead.name.slice(0, MAX_NAME_LENGTH);
  // Only the custom fields the marketer mapped a capture form field to, by their names on the list.
  if (lead.fields?.length)
    subscriber.custom_fields = Object.fromEntries(lead.fields.map((field) => [field.name, field.value]));
  const response = await authorizedRequest(context, (credentials) => ({
    url: `${accountUrl(context.settings, credentials)}/lists/${encodeURIComponent(listId)}/subscribers`,
    method: 'POST',
    json: subscriber,
  }));
  if (!isOk(response)) throw aweberError(context, response, 'adding the lead');
  // Success is an empty 201 with a Location; a page in its place is a proxy, not AWeber.
  if (response.bodyText.trim() !== '' && response.body === undefined) {
    throw errorFromResponse(context, response, 'AWeber answered with a page instead of the API.');
  }
  return {
    statusCode: response.status,
    responseExcerpt: response.headers.location ?? excerpt(response.bodyText),
  };
}

export const aweberClient: OAuthClient<AweberCredentials> = {
  service: 'aweber',
  auth: 'oauth',
  pkce: true,
  credentialsSchema,

  authorizeUrl(settings, { state, redirectUri, codeChallenge }) {
    const app = requireOAuthApp(settings);
    const url = new URL(app.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', app.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', SCOPES);
    url.searchParams.set('state', state);
    if (codeChallenge) {
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return url.toString();
  },

  async exchangeCode(context, { code, redirectUri, codeVerifier }) {
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    };
    if (codeVerifier) form.code_verifier = codeVerifier;
    const { response, tokens } = await requestTokens(context, form);
    if (!tokens) {
      if (response.status >= 500 || response.status === 429)
        throw aweberError(context, response, 'connecting');
      throw new ServiceError('permanent', 'AWeber did not accept the authorization. Please connect again.', {
        statusCode: response.status,
        responseExcerpt: excerpt(response.bodyText),
      });
    }
    const accounts = await serviceRequest(context, {
      url: `${context.settings.apiUrl}/accounts`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    if (!isOk(accounts)) throw aweberError(context, accounts, 'reading the account');
    const collection = collectionSchema.safeParse(expectJson(context, accounts, 'AWeber accounts'));
    const account = collection.success ? collection.data.entries[0] : undefined;
    if (!account) {
      throw new ServiceError('permanent', 'AWeber did not show an account for this login.', {
        statusCode: accounts.status,
        responseExcerpt: excerpt(accounts.bodyText),
      });
    }
    if (!tokens.refresh_token)
      throw new ServiceError('permanent', 'AWeber answered without a refresh token.');
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: tokens.expiresAt,
      accountId: String(account.id),
    };
  },

  checkStatus,
  listTargets,
  subscribe,
};
