import {
  authorizePage,
  bearerToken,
  type FakeOptions,
  type FakeRequest,
  type FakeResponse,
  newToken,
  startFakeServer,
} from '../fakeHttp';
import { oauthError } from '../oauthCodes';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local Drip v2: OAuth authorize page and token endpoint (non-expiring tokens, no refresh), Bearer
 * calls, /v2/user, /v2/accounts, campaigns and workflows with page/per_page pagination, the subscriber
 * upsert, starting a subscriber on a campaign or workflow, Drip's `errors[]` shapes and its 429.
 */

const CLIENT_ID = 'drip-fake-client-id';
const CLIENT_SECRET = 'drip-fake-client-secret';
const ACCOUNT = { id: '9999999', name: 'Acme Quizzes', primary_email: 'owner@acme.example' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELD_IDENTIFIER = /^[a-z][a-z0-9_]*$/;

const CAMPAIGNS = [
  { id: '101', name: 'Welcome Series', status: 'active' },
  { id: '102', name: 'Quiz Follow-up', status: 'active' },
  { id: '103', name: 'Product Tips', status: 'paused' },
];
const WORKFLOWS = [
  { id: '201', name: 'New Lead Nurture', status: 'active' },
  { id: '202', name: 'Onboarding', status: 'active' },
];

export interface DripFakeOptions extends FakeOptions {
  port?: number;
  /** The most a page holds whatever per_page asks (Drip allows up to 1,000; small here so paging is exercised). */
  maxPerPage?: number;
}

export interface DripFake extends ServiceFake {
  /** The User-Agent of the last API request. */
  lastUserAgent(): string | null;
}

interface StoredSubscriber {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  tags: Set<string>;
  fields: Record<string, string>;
  targetIds: Set<string>;
}

const errors = (status: number, code: string, message: string, attribute?: string): FakeResponse => ({
  status,
  body: { errors: [{ code, message, ...(attribute ? { attribute } : {}) }] },
});
const notFound = () => errors(404, 'not_found_error', 'The resource you requested was not found');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of `{ subscribers: [ {...} ] }`, as Drip's subscriber endpoints take it. */
function firstSubscriber(body: unknown): Record<string, unknown> | null {
  if (!isRecord(body) || !Array.isArray(body.subscribers)) return null;
  const first: unknown = body.subscribers[0];
  return isRecord(first) ? first : null;
}

export async function createDripFake(options: DripFakeOptions = {}): Promise<DripFake> {
  const maxPerPage = options.maxPerPage ?? 2;
  const codes = new Map<string, { redirectUri: string }>();
  const tokens = new Set<string>();
  const subscribers = new Map<string, StoredSubscriber>();
  let userAgent: string | null = null;
  let nextSubscriberId = 1;

  function tokenEndpoint(request: FakeRequest): FakeResponse {
    // Drip's docs pass these as query parameters; a form or JSON body is accepted too.
    const params = new URLSearchParams(request.query);
    if (isRecord(request.body)) {
      for (const [key, value] of Object.entries(request.body))
        if (typeof value === 'string') params.set(key, value);
    }
    if (params.get('client_id') !== CLIENT_ID || params.get('client_secret') !== CLIENT_SECRET) {
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    }
    if (params.get('grant_type') !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', 'Use authorization_code.');
    }
    const grant = codes.get(params.get('code') ?? '');
    codes.delete(params.get('code') ?? '');
    if (!grant || grant.redirectUri !== params.get('redirect_uri')) {
      return oauthError(400, 'invalid_grant', 'The authorization code is invalid, used or expired.');
    }
    const accessToken = newToken('drip');
    tokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, token_type: 'bearer', scope: 'public' } };
  }

  function upsert(fields: Record<string, unknown>): StoredSubscriber | FakeResponse {
    const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
    if (!EMAIL.test(email)) return errors(422, 'email_error', 'Email is invalid', 'email');
    let subscriber = subscribers.get(email);
    if (!subscriber) {
      subscriber = {
        id: `sub_${nextSubscriberId++}`,
        email,
        firstName: '',
        lastName: '',
        tags: new Set(),
        fields: {},
        targetIds: new Set(),
      };
      subscribers.set(email, subscriber);
    }
    if (typeof fields.first_name === 'string') subscriber.firstName = fields.first_name;
    if (typeof fields.last_name === 'string') subscriber.lastName = fields.last_name;
    if (Array.isArray(fields.tags))
      for (const tag of fields.tags) if (typeof tag === 'string') subscriber.tags.add(tag);
    if (isRecord(fields.custom_fields)) {
      const entries = Object.entries(fields.custom_fields);
      // UNCONFIRMED (a third-party client's notes): one malformed identifier and none of the fields is kept.
      if (entries.every(([key]) => FIELD_IDENTIFIER.test(key))) {
        for (const [key, value] of entries) subscriber.fields[key] = String(value);
      }
    }
    return subscriber;
  }

  const serialize = (subscriber: StoredSubscriber) => ({
    id: subscriber.id,
    email: subscriber.email,
    first_name: subscriber.firstName,
    last_name: subscriber.lastName,
    tags: [...subscriber.tags],
    custom_fields: subscriber.fields,
    status: 'active',
  });

  function page(request: FakeRequest, key: 'campaigns' | 'workflows', items: typeof CAMPAIGNS): FakeResponse {
    const perPage = Math.min(Number(request.query.get('per_page')) || 100, maxPerPage);
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    const current = Math.max(1, Number(request.query.get('page')) || 1);
    const slice = items.slice((current - 1) * perPage, current * perPage);
    return {
      status: 200,
      body: {
        links: {},
        meta: { page: current, count: slice.length, total_pages: totalPages, total_count: items.length },
        [key]: slice,
      },
    };
  }

  function startOn(request: FakeRequest, kind: 'campaign' | 'workflow', id: string): FakeResponse {
    const known = (kind === 'campaign' ? CAMPAIGNS : WORKFLOWS).some((item) => item.id === id);
    if (!known) return notFound();
    const fields = firstSubscriber(request.body);
    if (!fields) return errors(422, 'presence_error', 'Subscribers is required', 'subscribers');
    const result = upsert(fields);
    if (!('targetIds' in result)) return result;
    result.targetIds.add(`${kind}:${id}`);
    return { status: 201, body: { links: {}, subscribers: [serialize(result)] } };
  }

  function api(request: FakeRequest): FakeResponse {
    userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null;
    const token = bearerToken(request);
    if (!token || !tokens.has(token)) return errors(401, 'authentication_error', 'You are not authenticated');
    const path = request.path.replace(/\/+$/, '');
    if (request.method === 'GET' && path === '/v2/user') {
      return {
        status: 200,
        body: { users: [{ email: ACCOUNT.primary_email, name: 'Alex Owner', time_zone: 'UTC' }] },
      };
    }
    if (request.method === 'GET' && path === '/v2/accounts')
      return { status: 200, body: { links: {}, accounts: [ACCOUNT] } };
    const match = /^\/v2\/([^/]+)\/(.+)$/.exec(path);
    if (!match || match[1] !== ACCOUNT.id) return notFound();
    const rest = match[2] ?? '';
    if (request.method === 'GET' && rest === 'campaigns') return page(request, 'campaigns', CAMPAIGNS);
    if (request.method === 'GET' && rest === 'workflows') return page(request, 'workflows', WORKFLOWS);
    if (request.method !== 'POST') return notFound();
    if (rest === 'subscribers') {
      const fields = firstSubscriber(request.body);
      if (!fields) return errors(422, 'presence_error', 'Subscribers is required', 'subscribers');
      const result = upsert(fields);
      // UNCONFIRMED: the upsert's status (200 presumed).
      return 'targetIds' in result
        ? { status: 200, body: { links: {}, subscribers: [serialize(result)] } }
        : result;
    }
    const start = /^(campaign|workflow)s\/([^/]+)\/subscribers$/.exec(rest);
    if (start?.[1] && start[2]) return startOn(request, start[1] as 'campaign' | 'workflow', start[2]);
    return notFound();
  }

  function handle(request: FakeRequest): FakeResponse {
    if (request.method === 'GET' && request.path === '/oauth/authorize') {
      if (request.query.get('client_id') !== CLIENT_ID || request.query.get('response_type') !== 'code') {
        return oauthError(400, 'invalid_request', 'Unknown client or response type.');
      }
      return authorizePage('Drip', request.query, () => {
        const code = newToken('drip_code');
        codes.set(code, { redirectUri: request.query.get('redirect_uri') ?? '' });
        return code;
      });
    }
    if (request.method === 'POST' && request.path === '/oauth/token') return tokenEndpoint(request);
    if (request.path.startsWith('/v2/')) return api(request);
    return { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' };
  }

  const server = await startFakeServer(handle, {
    ...options,
    // Drip documents the 429 body and X-RateLimit-* headers; Retry-After is UNCONFIRMED (sent here).
    rateLimited: () => ({
      status: 429,
      headers: { 'retry-after': '1', 'x-ratelimit-limit': '3600', 'x-ratelimit-remaining': '0' },
      body: {
        message: 'API rate limit exceeded. Please try again in an hour.',
        documentation: 'https://developer.drip.com/#rate-limiting',
      },
    }),
  });

  return {
    service: 'drip',
    server,
    env: {
      DRIP_API_URL: `${server.url}/v2`,
      DRIP_AUTHORIZE_URL: `${server.url}/oauth/authorize`,
      DRIP_TOKEN_URL: `${server.url}/oauth/token`,
      DRIP_CLIENT_ID: CLIENT_ID,
      DRIP_CLIENT_SECRET: CLIENT_SECRET,
    },
    demoCredentials: null,
    targets: [
      ...CAMPAIGNS.map((campaign) => ({ id: `campaign:${campaign.id}`, name: campaign.name })),
      ...WORKFLOWS.map((workflow) => ({ id: `workflow:${workflow.id}`, name: workflow.name })),
    ],
    contacts: (): FakeContact[] =>
      [...subscribers.values()].map((subscriber) => ({
        email: subscriber.email,
        name: `${subscriber.firstName} ${subscriber.lastName}`.trim() || null,
        tags: [...subscriber.tags],
        fields: { ...subscriber.fields },
        targetIds: [...subscriber.targetIds],
      })),
    revokeAll() {
      tokens.clear();
    },
    expireTokens() {
      // Drip's OAuth tokens do not expire.
    },
    answerNext: (...answers) => server.answerNext(...answers),
    lastUserAgent: () => userAgent,
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}

export const startDripFake: StartServiceFake = (options) => createDripFake(options);
