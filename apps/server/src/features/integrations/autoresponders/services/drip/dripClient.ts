import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import { type OAuthClient, ServiceError } from '../../autoresponderClient';
import { LIST_RESPONSE_BYTES, serviceRequest } from '../../serviceHttp';
import type { ServiceSettings } from '../../serviceSettings';
import { dripCustomFields } from './dripCustomFields';
import { DRIP_USER_AGENT, dripCall, dripFailure } from './dripHttp';

/*
 * Drip REST API v2 over OAuth 2 (tokens do not expire, no refresh, no PKCE in its docs). Drip has no
 * lists: a lead is upserted with tags and custom fields, then optionally started on an Email Series
 * campaign or a workflow. Targets: `campaign:<id>`, `workflow:<id>`, or `tags-only` (the upsert alone).
 */

const credentialsSchema = z.object({
  accessToken: z.string().min(1),
  /** The first account of the user who connected (GET /v2/accounts); every call is under /v2/{accountId}. */
  accountId: z.string().min(1),
});
export type DripCredentials = z.infer<typeof credentialsSchema>;

export const TAGS_ONLY_TARGET = 'tags-only';
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

const tokenSchema = z.object({ access_token: z.string().min(1) });
const accountsSchema = z.object({ accounts: z.array(z.object({ id: z.union([z.string(), z.number()]) })) });
const namedItemSchema = z.object({ id: z.union([z.string(), z.number()]), name: z.string().nullish() });
const targetsPageSchema = z.object({
  campaigns: z.array(namedItemSchema).optional(),
  workflows: z.array(namedItemSchema).optional(),
  meta: z.object({ page: z.number(), total_pages: z.number() }).optional(),
});

type TargetKind = 'campaign' | 'workflow';
const KIND_LABELS: Record<TargetKind, string> = { campaign: 'Campaign', workflow: 'Workflow' };
const COLLECTIONS: Record<TargetKind, 'campaigns' | 'workflows'> = {
  campaign: 'campaigns',
  workflow: 'workflows',
};

function requiredSetting(value: string | null, name: string): string {
  if (!value) throw new Error(`Drip is not configured: set ${name}.`);
  return value;
}

const accountUrl = (settings: ServiceSettings, credentials: DripCredentials, path: string) =>
  `${settings.apiUrl}/${encodeURIComponent(credentials.accountId)}/${path}`;

/** "Ana Maria Silva" → first_name "Ana", last_name "Maria Silva"; no name leaves Drip's as it is. */
function nameFields(name: string | null): { first_name?: string; last_name?: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  return { first_name: words[0], last_name: words.slice(1).join(' ') };
}

function parseTarget(targetId: string): { kind: TargetKind; id: string } | null {
  if (targetId === TAGS_ONLY_TARGET) return null;
  const match = /^(campaign|workflow):([A-Za-z0-9_-]+)$/.exec(targetId);
  if (!match?.[1] || !match[2]) {
    throw new ServiceError(
      'permanent',
      `"${targetId.slice(0, 100)}" is not a Drip campaign or workflow. Choose the target again.`,
    );
  }
  return { kind: match[1] as TargetKind, id: match[2] };
}

export const dripClient: OAuthClient<DripCredentials> = {
  service: 'drip',
  auth: 'oauth',
  pkce: false,
  credentialsSchema,

  authorizeUrl(settings, { state, redirectUri }) {
    const url = new URL(requiredSetting(settings.authorizeUrl, 'DRIP_AUTHORIZE_URL'));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', requiredSetting(settings.clientId, 'DRIP_CLIENT_ID'));
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  },

  async exchangeCode(context, { code, redirectUri }) {
    const { settings } = context;
    // Drip's docs send these as query parameters on the POST.
    const tokenUrl = new URL(requiredSetting(settings.tokenUrl, 'DRIP_TOKEN_URL'));
    tokenUrl.searchParams.set('client_id', requiredSetting(settings.clientId, 'DRIP_CLIENT_ID'));
    tokenUrl.searchParams.set('client_secret', requiredSetting(settings.clientSecret, 'DRIP_CLIENT_SECRET'));
    tokenUrl.searchParams.set('code', code);
    tokenUrl.searchParams.set('redirect_uri', redirectUri);
    tokenUrl.searchParams.set('grant_type', 'authorization_code');
    const response = await serviceRequest(context, {
      url: tokenUrl.toString(),
      method: 'POST',
      headers: { 'user-agent': DRIP_USER_AGENT },
    });
    const token = tokenSchema.safeParse(response.body);
    if (response.status < 200 || response.status >= 300 || !token.success) {
      const failure = dripFailure(context, response);
      if (failure.kind === 'retryable') throw failure;
      const body = z
        .object({ error: z.string().optional(), error_description: z.string().optional() })
        .safeParse(response.body);
      const reason = body.success ? (body.data.error_description ?? body.data.error) : undefined;
      throw new ServiceError(
        'permanent',
        `Drip did not accept the authorization${reason ? `: ${reason}` : ''}. Please connect again.`,
        failure.details,
      );
    }
    const accessToken = token.data.access_token;
    const accounts = await dripCall(context, accessToken, { url: `${settings.apiUrl}/accounts` });
    const parsed = accountsSchema.safeParse(accounts.body);
    if (!parsed.success)
      throw new ServiceError('retryable', 'Drip answered the accounts call with an unexpected document.');
    const first = parsed.data.accounts[0];
    if (!first) throw new ServiceError('permanent', 'This Drip user has no account to send leads to.');
    return { accessToken, accountId: String(first.id) };
  },

  async checkStatus(context) {
    await dripCall(context, context.credentials.accessToken, { url: `${context.settings.apiUrl}/user` });
  },

  async listTargets(context) {
    const targets: Target[] = [];
    for (const kind of ['campaign', 'workflow'] as const) {
      const collection = COLLECTIONS[kind];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query =
          kind === 'campaign'
            ? `status=all&sort=name&page=${page}&per_page=${PAGE_SIZE}`
            : `page=${page}&per_page=${PAGE_SIZE}`;
        const response = await dripCall(context, context.credentials.accessToken, {
          url: `${accountUrl(context.settings, context.credentials, collection)}?${query}`,
          maxResponseBytes: LIST_RESPONSE_BYTES,
        });
        const parsed = targetsPageSchema.safeParse(response.body);
        const items = parsed.success ? parsed.data[collection] : undefined;
        if (!parsed.success || !items) {
          throw new ServiceError(
            'retryable',
            `Drip answered the ${collection} call with an unexpected document.`,
          );
        }
        for (const item of items) {
          targets.push({
            id: `${kind}:${item.id}`,
            displayName: `${KIND_LABELS[kind]}: ${item.name ?? item.id}`,
          });
        }
        const meta = parsed.data.meta;
        if (!meta || meta.page >= meta.total_pages || items.length === 0) break;
      }
    }
    targets.push({ id: TAGS_ONLY_TARGET, displayName: 'Tags only (no campaign)' });
    return targets;
  },

  async subscribe(context, targetId, lead) {
    const target = parseTarget(targetId);
    const { accessToken } = context.credentials;
    const upsert = await dripCall(context, accessToken, {
      url: accountUrl(context.settings, context.credentials, 'subscribers'),
      method: 'POST',
      json: {
        subscribers: [
          {
            email: lead.email,
            ...nameFields(lead.name),
            ...(lead.phone ? { phone: lead.phone } : {}),
            tags: lead.tags,
            custom_fields: dripCustomFields(lead),
          },
        ],
      },
    });
    if (target === null) return { statusCode: upsert.status, responseExcerpt: excerpt(upsert.bodyText) };
    const collection = COLLECTIONS[target.kind];
    const started = await dripCall(
      context,
      accessToken,
      {
        url: accountUrl(
          context.settings,
          context.credentials,
          `${collection}/${encodeURIComponent(target.id)}/subscribers`,
        ),
        method: 'POST',
        json: { subscribers: [{ email: lead.email }] },
      },
      `this ${target.kind} (it may have been deleted): choose another target`,
    );
    return { statusCode: started.status, responseExcerpt: excerpt(started.bodyText) };
  },
};
