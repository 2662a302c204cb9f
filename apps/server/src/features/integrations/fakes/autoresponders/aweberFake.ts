import {
  asRecord,
  basicAuth,
  bearerToken,
  type FakeOptions,
  type FakeRequest,
  type FakeResponse,
  newToken,
  startFakeServer,
} from '../fakeHttp';
import {
  authorizationCodes,
  invalidCodeAnswer,
  oauthEndpoints,
  oauthError,
  oauthServiceEnv,
} from '../oauthCodes';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local AWeber: the OAuth 2.0 authorize page and token endpoint (Basic client auth,
 * PKCE S256, 2-hour tokens with refresh), and under /1.0 the accounts, the account's lists (ws.start /
 * ws.size pagination) and POST subscribers with update_existing, answering AWeber's error documents.
 */

const CLIENT_ID = 'quizbeam-fake-aweber';
const CLIENT_SECRET = 'fake-aweber-secret';
const ACCOUNT_ID = 1234567;
const TOKEN_LIFETIME_S = 2 * 60 * 60;
/** The custom fields each list of this account has (AWeber refuses a subscriber's field a list lacks). */
const LIST_CUSTOM_FIELDS = ['Phone', 'Company'];

/** Small pages, so a client's pagination is exercised with a handful of lists. */
const MAX_PAGE_SIZE = 2;
const LISTS = [
  { id: 6001, name: 'Newsletter' },
  { id: 6002, name: 'Quiz Leads' },
  { id: 6003, name: 'Webinar Signups' },
];

interface Subscriber {
  id: number;
  email: string;
  listId: number;
  name: string | null;
  tags: string[];
  customFields: Record<string, string>;
}

export type AweberFake = ServiceFake;

const awError = (status: number, type: string, message: string): FakeResponse => ({
  status,
  body: {
    error: { status, type, message, documentation_url: `https://api.aweber.com/#${type.toLowerCase()}` },
  },
});

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export const startAweberFake = (async (
  options: FakeOptions & { port?: number } = {},
): Promise<AweberFake> => {
  const codes = authorizationCodes({
    serviceLabel: 'AWeber',
    clientId: CLIENT_ID,
    codePrefix: 'awcode',
    pkce: true,
  });
  const accessTokens = new Map<string, number>(); // token → expires at (ms)
  const refreshTokens = new Set<string>();
  const subscribers: Subscriber[] = [];
  let nextSubscriberId = 90001;
  let baseUrl = '';

  function issueTokens(refreshToken: string): FakeResponse {
    const accessToken = newToken('awfake');
    const expiresAt = Date.now() + TOKEN_LIFETIME_S * 1000;
    accessTokens.set(accessToken, expiresAt);
    refreshTokens.add(refreshToken);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: 'bearer',
        expires_in: TOKEN_LIFETIME_S,
        expires_at: expiresAt / 1000,
      },
    };
  }

  function token(request: FakeRequest): FakeResponse {
    const form = asRecord(request.body);
    const client = basicAuth(request);
    const confidential = client?.user === CLIENT_ID && client.password === CLIENT_SECRET;
    // A public client (PKCE) names itself in the body and proves the grant with its code_verifier.
    const publicClient =
      client === null && form.client_id === CLIENT_ID && typeof form.code_verifier === 'string';
    if (!confidential && !publicClient)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    if (form.grant_type === 'refresh_token') {
      const refreshToken = typeof form.refresh_token === 'string' ? form.refresh_token : '';
      if (!refreshTokens.has(refreshToken)) return oauthError(400, 'invalid_grant', 'Invalid refresh token');
      return issueTokens(refreshToken);
    }
    if (form.grant_type !== 'authorization_code')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (!codes.redeem(form)) return invalidCodeAnswer();
    return issueTokens(newToken('awrefresh'));
  }

  function listsPage(request: FakeRequest): FakeResponse {
    const size = Math.min(Number(request.query.get('ws.size') ?? 100) || 100, MAX_PAGE_SIZE);
    const start = Number(request.query.get('ws.start') ?? 0) || 0;
    const listsUrl = `${baseUrl}/1.0/accounts/${ACCOUNT_ID}/lists`;
    const entries = LISTS.slice(start, start + size).map((list) => ({
      ...list,
      self_link: `${listsUrl}/${list.id}`,
      subscribers_collection_link: `${listsUrl}/${list.id}/subscribers`,
      total_subscribers: subscribers.filter((subscriber) => subscriber.listId === list.id).length,
    }));
    const page: Record<string, unknown> = { entries, start, total_size: LISTS.length, self_link: listsUrl };
    if (start + size < LISTS.length)
      page.next_collection_link = `${listsUrl}?ws.start=${start + size}&ws.size=${size}`;
    return { status: 200, body: page };
  }

  function addSubscriber(request: FakeRequest, listId: number): FakeResponse {
    if (request.body === undefined)
      return awError(415, 'InvalidContentType', 'Content-Type must be JSON or form-encoded.');
    const body = asRecord(request.body);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!EMAIL_PATTERN.test(email) || email.length > 50) {
      return awError(400, 'WebServiceError', 'email: Invalid email address.');
    }
    const tags = Array.isArray(body.tags)
      ? body.tags.filter((tag): tag is string => typeof tag === 'string')
      : [];
    const customFields = Object.fromEntries(
      Object.entries(asRecord(body.custom_fields)).map(([name, value]) => [name, String(value)]),
    );
    // Custom fields must exist on the list before a subscriber can carry them (the marketer creates them).
    if (Object.keys(customFields).some((field) => !LIST_CUSTOM_FIELDS.includes(field))) {
      return awError(400, 'WebServiceError', 'custom_fields: the list has no such custom field.');
    }
    const existing = subscribers.find(
      (subscriber) => subscriber.listId === listId && subscriber.email.toLowerCase() === email.toLowerCase(),
    );
    const name = typeof body.name === 'string' ? body.name : null;
    if (existing) {
      // The exact text of AWeber's duplicate answer is unconfirmed; the status and type are documented.
      if (body.update_existing !== 'true')
        return awError(400, 'WebServiceError', 'email: Subscriber already subscribed.');
      existing.name = name ?? existing.name;
      existing.tags = [...new Set([...existing.tags, ...tags])];
    } else {
      subscribers.push({
        id: nextSubscriberId++,
        email,
        listId,
        name,
        tags: [...new Set(tags)],
        customFields,
      });
    }
    const saved = existing ?? subscribers[subscribers.length - 1];
    // Whether an update answers 201 like a creation is unconfirmed; 201 with a Location for both.
    return {
      status: 201,
      headers: { location: `${baseUrl}/1.0/accounts/${ACCOUNT_ID}/lists/${listId}/subscribers/${saved?.id}` },
    };
  }

  function api(request: FakeRequest, path: string): FakeResponse {
    const token = bearerToken(request);
    const expiresAt = token ? accessTokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      return awError(401, 'UnauthorizedError', expiresAt === undefined ? 'Invalid token.' : 'Token expired.');
    }
    if (request.method === 'GET' && path === '/accounts') {
      const self = `${baseUrl}/1.0/accounts/${ACCOUNT_ID}`;
      return {
        status: 200,
        body: {
          entries: [
            {
              id: ACCOUNT_ID,
              uuid: 'fake-account-uuid',
              company: 'Quizbeam Fake',
              self_link: self,
              lists_collection_link: `${self}/lists`,
            },
          ],
          start: 0,
          total_size: 1,
          self_link: `${baseUrl}/1.0/accounts`,
        },
      };
    }
    const match = /^\/accounts\/(\d+)\/lists(?:\/(\d+)\/subscribers)?$/.exec(path);
    if (!match || Number(match[1]) !== ACCOUNT_ID)
      return awError(404, 'NotFoundError', 'Resource not found.');
    if (!match[2])
      return request.method === 'GET'
        ? listsPage(request)
        : awError(405, 'MethodNotAllowed', 'Method not allowed.');
    const listId = Number(match[2]);
    if (!LISTS.some((list) => list.id === listId)) return awError(404, 'NotFoundError', 'List not found.');
    if (request.method !== 'POST') return awError(405, 'MethodNotAllowed', 'Method not allowed.');
    return addSubscriber(request, listId);
  }

  const server = await startFakeServer(
    (request) => {
      if (request.path.startsWith('/1.0')) return api(request, request.path.slice('/1.0'.length) || '/');
      return oauthEndpoints(request, codes, token) ?? awError(404, 'NotFoundError', 'Resource not found.');
    },
    {
      ...options,
      // AWeber's throttle is a 403 ForbiddenError "Rate Limit Error" without Retry-After.
      rateLimited: () => awError(403, 'ForbiddenError', 'Rate Limit Error'),
    },
  );
  baseUrl = server.url;

  return {
    service: 'aweber',
    server,
    env: oauthServiceEnv('AWEBER', `${server.url}/1.0`, server.url, { id: CLIENT_ID, secret: CLIENT_SECRET }),
    demoCredentials: null,
    targets: LISTS.map((list) => ({ id: String(list.id), name: list.name })),
    contacts() {
      const byEmail = new Map<string, FakeContact>();
      for (const subscriber of subscribers) {
        const key = subscriber.email.toLowerCase();
        const contact = byEmail.get(key) ?? {
          email: subscriber.email,
          name: null,
          tags: [],
          fields: {},
          targetIds: [],
        };
        contact.name = subscriber.name ?? contact.name;
        contact.fields = { ...contact.fields, ...subscriber.customFields };
        contact.tags = [...new Set([...contact.tags, ...subscriber.tags])];
        contact.targetIds.push(String(subscriber.listId));
        byEmail.set(key, contact);
      }
      return [...byEmail.values()];
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    expireTokens() {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}) satisfies StartServiceFake;
