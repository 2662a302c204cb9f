import { createHash } from 'node:crypto';
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
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';
import type { ServiceSettings } from '../../serviceSettings';

/*
 * Mailchimp Marketing API v3: OAuth2 tokens that never expire (no refresh), the account's data center
 * discovered from the token's metadata, audiences as targets, a PUT upsert on the member's hash followed by
 * the /tags call (whether the PUT body honours `tags` is disputed, so they go separately).
 */

const credentialsSchema = z.object({
  accessToken: z.string().min(1),
  /** The account's API root with /3.0, e.g. https://us6.api.mailchimp.com/3.0. */
  apiBaseUrl: z.string().min(1),
  dc: z.string().nullable(),
});
export type MailchimpCredentials = z.infer<typeof credentialsSchema>;

type Context = ClientContext<MailchimpCredentials>;

/** Mailchimp's cap on a list page. */
const PAGE_SIZE = 1000;
/** Mailchimp limits simultaneous connections and says nothing of when to come back: a short pause. */
const BUSY_RETRY_AFTER_MS = 5_000;
/** "Signed up to a lot of lists very recently": Mailchimp asks to come back much later. */
const SIGNUP_THROTTLE_RETRY_AFTER_MS = 60 * 60 * 1000;

const tokenSchema = z.object({ access_token: z.string().min(1) });
const metadataSchema = z.object({ dc: z.string().optional(), api_endpoint: z.string().optional() });
const listsPageSchema = z.object({
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  total_items: z.number().optional(),
});
const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() });

const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

function problemText(response: ServiceResponse): string {
  const problem = problemSchema.safeParse(response.body);
  const text = problem.success ? (problem.data.detail ?? problem.data.title) : undefined;
  return text ?? `HTTP ${response.status}`;
}

/** Mailchimp's answers beyond the usual meaning of a status (see serviceHttp's errorFromResponse). */
function mailchimpError(
  context: Pick<ConnectContext, 'now'>,
  response: ServiceResponse,
  doing: string,
): ServiceError {
  const { status } = response;
  const base = errorFromResponse(context, response, '');
  const details = base.details;
  // Over the concurrency limit Mailchimp answers 429, or at very high volume a 403 without a JSON body.
  if (status === 429 || (status === 403 && response.body === undefined)) {
    return new ServiceError('retryable', `Mailchimp is busy (too many requests at once) while ${doing}.`, {
      ...details,
      retryAfterMs: details.retryAfterMs ?? BUSY_RETRY_AFTER_MS,
    });
  }
  if (status === 401) {
    return new ServiceError(
      'unauthorized',
      'Mailchimp no longer accepts this connection (access revoked?). Reconnect it on the Integrations page.',
      details,
    );
  }
  if (status >= 500) {
    return new ServiceError(
      'retryable',
      `Mailchimp is unavailable (HTTP ${status}) while ${doing}.`,
      details,
    );
  }
  if (status === 404) {
    return new ServiceError(
      'permanent',
      'Mailchimp does not know this audience (was it deleted?). Choose another audience in the quiz.',
      details,
    );
  }
  const text = problemText(response);
  if (status === 400 && /signed up to a lot of lists very recently/i.test(text)) {
    return new ServiceError('retryable', `Mailchimp is holding this address back for now: ${text}`, {
      ...details,
      retryAfterMs: SIGNUP_THROTTLE_RETRY_AFTER_MS,
    });
  }
  if (status === 400) return new ServiceError('permanent', `Mailchimp refused the address: ${text}`, details);
  return new ServiceError(base.kind, `Mailchimp refused ${doing}: ${text}`, details);
}

function requireOAuthApp(settings: ServiceSettings) {
  const { clientId, clientSecret, authorizeUrl, tokenUrl, metadataUrl } = settings;
  if (!clientId || !clientSecret || !authorizeUrl || !tokenUrl || !metadataUrl) {
    throw new ServiceError(
      'permanent',
      'Mailchimp is not set up on this server (MAILCHIMP_CLIENT_ID and MAILCHIMP_CLIENT_SECRET are missing).',
    );
  }
  return { clientId, clientSecret, authorizeUrl, tokenUrl, metadataUrl };
}

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The metadata's api_endpoint (it names the fake too), else the configured pattern with the data center. */
function apiBaseUrl(settings: ServiceSettings, metadata: z.infer<typeof metadataSchema>): string {
  if (metadata.api_endpoint && isHttpUrl(metadata.api_endpoint)) {
    return `${metadata.api_endpoint.replace(/\/+$/, '')}/3.0`;
  }
  if (settings.apiUrl.includes('{dc}')) {
    if (!metadata.dc)
      throw new ServiceError('retryable', 'Mailchimp did not say which data center holds the account.');
    return settings.apiUrl.replace('{dc}', metadata.dc);
  }
  return settings.apiUrl;
}

const bearer = (context: Context) => ({ authorization: `Bearer ${context.credentials.accessToken}` });

async function checkStatus(context: Context): Promise<void> {
  const response = await serviceRequest(context, {
    url: `${context.credentials.apiBaseUrl}/ping`,
    headers: bearer(context),
  });
  if (!isOk(response)) throw mailchimpError(context, response, 'checking the connection');
  expectJson(context, response, 'Mailchimp status');
}

async function listTargets(context: Context): Promise<Target[]> {
  const targets: Target[] = [];
  for (;;) {
    const query = new URLSearchParams({
      count: String(PAGE_SIZE),
      offset: String(targets.length),
      fields: 'lists.id,lists.name,total_items',
    });
    const response = await serviceRequest(context, {
      url: `${context.credentials.apiBaseUrl}/lists?${query}`,
      headers: bearer(context),
      maxResponseBytes: LIST_RESPONSE_BYTES,
    });
    if (!isOk(response)) throw mailchimpError(context, response, 'listing the audiences');
    const page = listsPageSchema.safeParse(expectJson(context, response, 'Mailchimp audiences'));
    if (!page.success)
      throw errorFromResponse(context, response, 'Mailchimp answered an unexpected list of audiences.');
    targets.push(...page.data.lists.map((list) => ({ id: list.id, displayName: list.name })));
    const total = page.data.total_items ?? 0;
    if (page.data.lists.length === 0 || targets.length >= total) return targets;
  }
}

async function subscribe(context: Context, audienceId: string, lead: SubscriberLead) {
  const memberUrl = `${context.credentials.apiBaseUrl}/lists/${encodeURIComponent(audienceId)}/members/${subscriberHash(lead.email)}`;
  const member: Record<string, unknown> = { email_address: lead.email.trim(), status_if_new: 'subscribed' };
  // FNAME exists on every audience by default; other merge fields would have to be created first, so only
  // the ones the marketer named (merge tags are upper case) go with it.
  const mergeFields: Record<string, string> = lead.name ? { FNAME: lead.name } : {};
  for (const field of lead.fields ?? []) mergeFields[field.name.toUpperCase()] = field.value;
  if (Object.keys(mergeFields).length > 0) member.merge_fields = mergeFields;
  const upsert = await serviceRequest(context, {
    // skip_merge_validation: an audience whose FNAME was removed or made required still takes the lead.
    url: `${memberUrl}?skip_merge_validation=true`,
    method: 'PUT',
    headers: bearer(context),
    json: member,
  });
  if (!isOk(upsert)) throw mailchimpError(context, upsert, 'adding the lead');
  expectJson(context, upsert, 'Mailchimp member');

  const tags = [...new Set(lead.tags)];
  const tagging = await serviceRequest(context, {
    url: `${memberUrl}/tags`,
    method: 'POST',
    headers: bearer(context),
    json: { tags: tags.map((name) => ({ name, status: 'active' })), is_syncing: false },
  });
  if (!isOk(tagging)) throw mailchimpError(context, tagging, 'tagging the lead');
  // The member as the upsert answered it says more in the ledger than the tag call's empty 204.
  return { statusCode: upsert.status, responseExcerpt: excerpt(upsert.bodyText) };
}

export const mailchimpClient: OAuthClient<MailchimpCredentials> = {
  service: 'mailchimp',
  auth: 'oauth',
  // Mailchimp documents no PKCE for its OAuth apps.
  pkce: false,
  credentialsSchema,

  authorizeUrl(settings, { state, redirectUri }) {
    const app = requireOAuthApp(settings);
    const url = new URL(app.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', app.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  },

  async exchangeCode(context, { code, redirectUri }) {
    const app = requireOAuthApp(context.settings);
    const tokenResponse = await serviceRequest(context, {
      url: app.tokenUrl,
      method: 'POST',
      form: {
        grant_type: 'authorization_code',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: redirectUri,
        code,
      },
    });
    if (tokenResponse.status >= 400 && tokenResponse.status < 500) {
      throw new ServiceError(
        'permanent',
        'Mailchimp did not accept the authorization. Please connect again.',
        {
          statusCode: tokenResponse.status,
          responseExcerpt: excerpt(tokenResponse.bodyText),
        },
      );
    }
    if (!isOk(tokenResponse)) throw mailchimpError(context, tokenResponse, 'connecting');
    const token = tokenSchema.safeParse(expectJson(context, tokenResponse, 'Mailchimp token'));
    if (!token.success)
      throw errorFromResponse(context, tokenResponse, 'Mailchimp answered without an access token.');

    const metadataResponse = await serviceRequest(context, {
      url: app.metadataUrl,
      headers: { authorization: `OAuth ${token.data.access_token}` },
    });
    if (!isOk(metadataResponse)) throw mailchimpError(context, metadataResponse, 'reading the account');
    const metadata = metadataSchema.safeParse(
      expectJson(context, metadataResponse, 'Mailchimp account metadata'),
    );
    if (!metadata.success)
      throw errorFromResponse(context, metadataResponse, 'Mailchimp answered unexpected account metadata.');
    return {
      accessToken: token.data.access_token,
      apiBaseUrl: apiBaseUrl(context.settings, metadata.data),
      dc: metadata.data.dc ?? null,
    };
  },

  checkStatus,
  listTargets,
  subscribe,
};
