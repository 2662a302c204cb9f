import { createHash, randomUUID } from 'node:crypto';
import {
  asRecord,
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
 * A local Mailchimp: the OAuth authorize page, token and metadata endpoints, and under /3.0
 * the ping, the audiences (offset pagination) and members upserted by PUT on md5(lowercased email) with
 * their /tags call, answering Mailchimp's problem documents.
 */

const CLIENT_ID = 'quizbeam-fake-mailchimp';
const CLIENT_SECRET = 'fake-mailchimp-secret';
const DATA_CENTER = 'fake1';
/** Small pages, so a client's pagination is exercised with a handful of audiences. */
const MAX_PAGE_SIZE = 2;

const AUDIENCES = [
  { id: '5d1a3f9c20', name: 'Newsletter' },
  { id: 'b7e4c2a918', name: 'Quiz Leads' },
  { id: '0c9f6d3e71', name: 'Customers' },
];

interface Member {
  email: string;
  audienceId: string;
  status: string;
  mergeFields: Record<string, string>;
  tags: Set<string>;
}

export interface MailchimpFakeOptions extends FakeOptions {
  port?: number;
  /** Whether `tags` in the PUT upsert body are applied (Mailchimp's documentation is unclear); off by default. */
  putHonoursTags?: boolean;
}

const problem = (status: number, title: string, detail: string): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    type: 'https://mailchimp.com/developer/marketing/docs/errors/',
    title,
    status,
    detail,
    instance: randomUUID(),
  },
});

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export const startMailchimpFake = (async (options: MailchimpFakeOptions = {}): Promise<ServiceFake> => {
  const codes = authorizationCodes({
    serviceLabel: 'MailChimp',
    clientId: CLIENT_ID,
    codePrefix: 'mccode',
    pkce: false,
  });
  const tokens = new Set<string>();
  const members = new Map<string, Member>(); // `${audienceId}/${hash}`
  let baseUrl = '';

  const authorized = (request: FakeRequest) => {
    const token = bearerToken(request);
    return token !== null && tokens.has(token);
  };

  function upsertMember(audienceId: string, hash: string, body: Record<string, unknown>): FakeResponse {
    const key = `${audienceId}/${hash}`;
    const existing = members.get(key);
    const email = typeof body.email_address === 'string' ? body.email_address : existing?.email;
    if (!email || !EMAIL_PATTERN.test(email)) {
      return problem(
        400,
        'Invalid Resource',
        `${email ?? 'The address'} looks fake or invalid, please enter a real email address.`,
      );
    }
    if (md5(email.toLowerCase()) !== hash) {
      return problem(
        400,
        'Invalid Resource',
        'The email address does not match the subscriber hash in the URL.',
      );
    }
    const status =
      typeof body.status === 'string' ? body.status : existing ? existing.status : body.status_if_new;
    if (typeof status !== 'string') {
      return problem(
        400,
        'Invalid Resource',
        'The resource submitted could not be validated: status_if_new is required.',
      );
    }
    const mergeFields = Object.fromEntries(
      Object.entries(asRecord(body.merge_fields)).map(([name, value]) => [name, String(value)]),
    );
    const member: Member = existing ?? { email, audienceId, status, mergeFields: {}, tags: new Set() };
    member.status = status;
    member.mergeFields = { ...member.mergeFields, ...mergeFields };
    if (options.putHonoursTags && Array.isArray(body.tags)) {
      for (const tag of body.tags) if (typeof tag === 'string') member.tags.add(tag);
    }
    members.set(key, member);
    return {
      status: 200,
      body: {
        id: hash,
        email_address: member.email,
        status: member.status,
        merge_fields: member.mergeFields,
        tags: [...member.tags].map((name) => ({ name })),
        list_id: audienceId,
      },
    };
  }

  function tagMember(audienceId: string, hash: string, body: Record<string, unknown>): FakeResponse {
    const member = members.get(`${audienceId}/${hash}`);
    if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (!Array.isArray(body.tags)) return problem(400, 'Invalid Resource', 'tags must be an array.');
    for (const tag of body.tags) {
      const { name, status } = asRecord(tag);
      if (typeof name !== 'string') return problem(400, 'Invalid Resource', 'Every tag needs a name.');
      if (status === 'inactive') member.tags.delete(name);
      else member.tags.add(name);
    }
    return { status: 204 };
  }

  function api(request: FakeRequest, path: string): FakeResponse {
    if (!authorized(request)) {
      return problem(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    }
    if (request.method === 'GET' && path === '/ping')
      return { status: 200, body: { health_status: "Everything's Chimpy!" } };
    if (request.method === 'GET' && path === '/lists') {
      const count = Math.min(Number(request.query.get('count') ?? 10) || 10, MAX_PAGE_SIZE);
      const offset = Number(request.query.get('offset') ?? 0) || 0;
      const page = AUDIENCES.slice(offset, offset + count).map((audience) => ({ ...audience, web_id: 1 }));
      return { status: 200, body: { lists: page, total_items: AUDIENCES.length } };
    }
    const memberPath = /^\/lists\/([^/]+)\/members\/([^/]+)(\/tags)?$/.exec(path);
    const audienceId = memberPath?.[1];
    const hash = memberPath?.[2];
    if (audienceId && hash) {
      const tags = memberPath?.[3];
      if (!AUDIENCES.some((audience) => audience.id === audienceId)) {
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      }
      const body = asRecord(request.body);
      if (!tags && request.method === 'PUT') return upsertMember(audienceId, hash, body);
      if (tags && request.method === 'POST') return tagMember(audienceId, hash, body);
      return problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
    }
    return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
  }

  function token(request: FakeRequest): FakeResponse {
    const form = asRecord(request.body);
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) {
      return oauthError(401, 'invalid_client', 'Invalid client credentials');
    }
    // The code is spent even when the grant type is wrong.
    const redeemed = codes.redeem(form);
    if (form.grant_type !== 'authorization_code' || !redeemed) return invalidCodeAnswer();
    const accessToken = newToken('mcfake');
    tokens.add(accessToken);
    // Mailchimp tokens never expire: expires_in 0 and no refresh token.
    return { status: 200, body: { access_token: accessToken, expires_in: 0, scope: null } };
  }

  function metadata(request: FakeRequest): FakeResponse {
    const token = /^OAuth\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return { status: 401, body: { error: 'invalid_token' } };
    return {
      status: 200,
      body: {
        dc: DATA_CENTER,
        role: 'owner',
        accountname: 'Quizbeam Fake Account',
        user_id: 1001,
        account_id: 'fakeaccount1',
        login: { email: 'owner@example.com', login_id: 1001, login_name: 'owner' },
        login_url: `${baseUrl}/login`,
        api_endpoint: baseUrl,
      },
    };
  }

  const server = await startFakeServer(
    (request) => {
      if (request.path.startsWith('/3.0')) return api(request, request.path.slice('/3.0'.length) || '/');
      if (request.method === 'GET' && request.path === '/oauth2/metadata') return metadata(request);
      return (
        oauthEndpoints(request, codes, token) ??
        problem(404, 'Resource Not Found', 'The requested resource could not be found.')
      );
    },
    {
      ...options,
      // Mailchimp's concurrency limit answer; it sends no Retry-After as far as its documentation shows.
      rateLimited: () =>
        problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
    },
  );
  baseUrl = server.url;

  return {
    service: 'mailchimp',
    server,
    env: {
      ...oauthServiceEnv('MAILCHIMP', `${server.url}/3.0`, server.url, {
        id: CLIENT_ID,
        secret: CLIENT_SECRET,
      }),
      MAILCHIMP_METADATA_URL: `${server.url}/oauth2/metadata`,
    },
    demoCredentials: null,
    targets: AUDIENCES.map((audience) => ({ ...audience })),
    contacts() {
      const byEmail = new Map<string, FakeContact>();
      for (const member of members.values()) {
        const key = member.email.toLowerCase();
        const contact = byEmail.get(key) ?? {
          email: member.email,
          name: null,
          tags: [],
          fields: {},
          targetIds: [],
        };
        contact.name = member.mergeFields.FNAME ?? contact.name;
        contact.fields = { ...contact.fields, ...member.mergeFields };
        contact.tags = [...new Set([...contact.tags, ...member.tags])];
        contact.targetIds.push(member.audienceId);
        byEmail.set(key, contact);
      }
      return [...byEmail.values()];
    },
    revokeAll: () => tokens.clear(),
    // Mailchimp tokens do not expire; nothing to do.
    expireTokens: () => {},
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}) satisfies StartServiceFake;
