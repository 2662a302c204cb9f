import {
  authorizePage,
  basicAuth,
  bearerToken,
  type FakeRequest,
  type FakeResponse,
  newToken,
  startFakeServer,
} from '../fakeHttp';
import { oauthError } from '../oauthCodes';
import type { FakeContact, StartServiceFake } from '../serviceFake';
import {
  DUPLICATE_TEXT,
  errorBody,
  fail,
  notFound,
  relatedNotFound,
  shortId,
  unauthorized,
  validation,
} from './getResponseFakeReplies';

/*
 * A local GetResponse (API v3 + OAuth 2.0) for tests and `npm run fakes`: the authorize page, the token
 * endpoint (Basic client auth, authorization_code and refresh_token grants, 1-day tokens), /accounts,
 * paged /campaigns, /tags by name, /custom-fields, and /contacts with 202 on create, 409 code 1008 on a
 * duplicate, search and update; custom field values by id, an unknown id refused with code 1001. Errors use GetResponse's body { httpStatus, code, codeDescription, message, context }.
 */

interface Token {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}
interface StoredContact {
  contactId: string;
  email: string;
  name: string | null;
  campaignId: string;
  tagIds: Set<string>;
  scoring: number | null;
  /** Custom field id → values. */
  customFields: Map<string, string[]>;
}
type Body = Record<string, unknown>;

const CAMPAIGNS = [
  { id: 'V4kqZ', name: 'Newsletter' },
  { id: 'p7Rt2', name: 'Quiz leads' },
  { id: 'Xa91c', name: 'Webinar sign-ups' },
];
/** The account's custom fields (names in GetResponse's `[a-z0-9_]` form). */
export const GETRESPONSE_FAKE_CUSTOM_FIELDS = [
  { customFieldId: 'pQ7cX', name: 'company' },
  { customFieldId: 'r2Vn8', name: 'team_size' },
];
// [UNCONFIRMED] access-token lifetime: the commonly seen 86400 s.
const TOKEN_SECONDS = 86_400;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TAG_NAME = /^[_a-zA-Z0-9]{2,64}$/;

export const startGetResponseFake: StartServiceFake = async (options = {}) => {
  const clientId = 'quizbeam-getresponse-demo';
  const clientSecret = newToken('grsecret');
  const codes = new Map<string, { redirectUri: string | null; expiresAt: number }>();
  const tokens: Token[] = [];
  const tags = new Map<string, string>();
  const contacts: StoredContact[] = [];

  const issueTokens = (): FakeResponse => {
    const issued = {
      accessToken: newToken('gr_at'),
      refreshToken: newToken('gr_rt'),
      expiresAt: Date.now() + TOKEN_SECONDS * 1000,
    };
    tokens.push(issued);
    return {
      status: 200,
      body: {
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_SECONDS,
        scope: 'all',
        refresh_token: issued.refreshToken,
      },
    };
  };

  const token = (request: FakeRequest): FakeResponse => {
    const client = basicAuth(request);
    if (client?.user !== clientId || client.password !== clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    const form = (request.body ?? {}) as Record<string, string>;
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant || grant.expiresAt < Date.now())
        return oauthError(400, 'invalid_grant', 'Authorization code is invalid or expired');
      if (grant.redirectUri && form.redirect_uri !== undefined && grant.redirectUri !== form.redirect_uri) {
        return oauthError(400, 'invalid_grant', 'The redirect URI does not match');
      }
      return issueTokens();
    }
    if (form.grant_type === 'refresh_token') {
      const index = tokens.findIndex((item) => item.refreshToken === form.refresh_token);
      if (index < 0) return oauthError(400, 'invalid_grant', 'Invalid refresh token');
      tokens.splice(index, 1);
      return issueTokens();
    }
    return oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported');
  };

  const customFieldName = (id: string) =>
    GETRESPONSE_FAKE_CUSTOM_FIELDS.find((field) => field.customFieldId === id)?.name;
  /** `customFieldValues` as sent, or the refusal GetResponse gives (an unknown id, a value not a list of texts). */
  const customFieldValuesOf = (body: Body): Map<string, string[]> | FakeResponse => {
    const values = new Map<string, string[]>();
    if (body.customFieldValues === undefined) return values;
    if (!Array.isArray(body.customFieldValues))
      return validation('customFieldValues', 'The custom field values must be a list');
    for (const item of body.customFieldValues as { customFieldId?: unknown; value?: unknown }[]) {
      const id = String(item?.customFieldId ?? '');
      if (!customFieldName(id)) return relatedNotFound('Custom field not found');
      if (!Array.isArray(item.value) || !item.value.every((text) => typeof text === 'string'))
        return validation('customFieldValues', 'The value of a custom field must be a list of texts');
      values.set(id, item.value as string[]);
    }
    return values;
  };
  const isRefusal = (value: Map<string, string[]> | FakeResponse): value is FakeResponse =>
    !(value instanceof Map);

  const tagList = () => [...tags].map(([tagId, name]) => ({ tagId, name, href: `/v3/tags/${tagId}` }));
  const tagIdsOf = (body: Body) =>
    Array.isArray(body.tags)
      ? body.tags.map((tag: { tagId?: unknown } | null) => String(tag?.tagId ?? ''))
      : [];
  const contactView = (contact: StoredContact) => ({
    contactId: contact.contactId,
    email: contact.email,
    name: contact.name,
    campaign: {
      campaignId: contact.campaignId,
      name: CAMPAIGNS.find((item) => item.id === contact.campaignId)?.name,
    },
    scoring: contact.scoring,
    tags: [...contact.tagIds].map((tagId) => ({ tagId, name: tags.get(tagId) })),
  });

  const createContact = (body: Body): FakeResponse => {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const campaignId = String((body.campaign as { campaignId?: unknown } | undefined)?.campaignId ?? '');
    if (!EMAIL.test(email)) return validation('email', 'Value is not a valid email address');
    if (!CAMPAIGNS.some((item) => item.id === campaignId)) return relatedNotFound('Campaign not found');
    const tagIds = tagIdsOf(body);
    if (tagIds.some((id) => !tags.has(id))) return relatedNotFound('Tag not found');
    const customFields = customFieldValuesOf(body);
    if (isRefusal(customFields)) return customFields;
    if (
      contacts.some(
        (item) => item.campaignId === campaignId && item.email.toLowerCase() === email.toLowerCase(),
      )
    ) {
      return fail(409, 1008, DUPLICATE_TEXT, 'Property value is already taken', { email });
    }
    contacts.push({
      contactId: shortId(),
      email,
      name: typeof body.name === 'string' ? body.name : null,
      campaignId,
      tagIds: new Set(tagIds),
      scoring: typeof body.scoring === 'number' ? body.scoring : null,
      customFields,
    });
    return { status: 202 };
  };

  /**
   * `POST /contacts/{id}` replaces what it is given; `POST /contacts/{id}/tags` only adds tags and
   * `POST /contacts/{id}/custom-fields` only sets the values it names.
   */
  const updateContact = (
    contact: StoredContact,
    body: Body,
    part: 'all' | 'tags' | 'custom-fields',
  ): FakeResponse => {
    const tagIds = tagIdsOf(body);
    if (tagIds.some((id) => !tags.has(id))) return relatedNotFound('Tag not found');
    const customFields = customFieldValuesOf(body);
    if (isRefusal(customFields)) return customFields;
    if (part === 'custom-fields') {
      for (const [id, value] of customFields) contact.customFields.set(id, value);
      return { status: 200, body: contactView(contact) };
    }
    if (part === 'tags') {
      for (const id of tagIds) contact.tagIds.add(id);
      return { status: 200, body: contactView(contact).tags };
    }
    if (typeof body.name === 'string') contact.name = body.name;
    if (typeof body.scoring === 'number') contact.scoring = body.scoring;
    if (Array.isArray(body.tags)) contact.tagIds = new Set(tagIds);
    if (Array.isArray(body.customFieldValues)) contact.customFields = customFields;
    return { status: 200, body: contactView(contact) };
  };

  const searchContacts = (query: URLSearchParams): FakeResponse => {
    const email = (query.get('query[email]') ?? '').toLowerCase();
    const campaignId = query.get('query[campaignId]');
    const exact = query.get('additionalFlags') === 'exactMatch';
    const found = contacts.filter((item) => {
      const address = item.email.toLowerCase();
      return (
        (exact ? address === email : address.includes(email)) &&
        (!campaignId || item.campaignId === campaignId)
      );
    });
    return { status: 200, body: found.map(contactView) };
  };

  const listCampaigns = (query: URLSearchParams): FakeResponse => {
    const perPage = Math.min(Number(query.get('perPage') ?? 100) || 100, 1000);
    const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
    const totalPages = Math.max(Math.ceil(CAMPAIGNS.length / perPage), 1);
    const items = CAMPAIGNS.slice((page - 1) * perPage, page * perPage).map((item) => ({
      campaignId: item.id,
      name: item.name,
      href: `/v3/campaigns/${item.id}`,
    }));
    const headers = {
      TotalCount: String(CAMPAIGNS.length),
      TotalPages: String(totalPages),
      CurrentPage: String(page),
    };
    return { status: 200, headers, body: items };
  };

  const createTag = (body: Body): FakeResponse => {
    const name = typeof body.name === 'string' ? body.name : '';
    if (!TAG_NAME.test(name))
      return validation('name', 'The tag name may contain only letters, digits and underscores (2-64)');
    if (tagList().some((tag) => tag.name.toLowerCase() === name.toLowerCase())) {
      return fail(409, 1008, DUPLICATE_TEXT, 'Property value is already taken');
    }
    const tagId = shortId();
    tags.set(tagId, name);
    return {
      status: 201,
      body: { tagId, name, href: `/v3/tags/${tagId}`, createdAt: new Date().toISOString() },
    };
  };

  const api = (request: FakeRequest): FakeResponse => {
    const access = bearerToken(request);
    const current = tokens.find((item) => item.accessToken === access);
    if (!current || current.expiresAt <= Date.now()) return unauthorized();
    const path = request.path.replace(/^\/v3/, '');
    const body = (request.body ?? {}) as Body;
    const route = `${request.method} ${path}`;
    if (route === 'GET /accounts') {
      return {
        status: 200,
        body: { accountId: 'fakeAcct', email: 'owner@example.com', firstName: 'Demo', lastName: 'Owner' },
      };
    }
    if (route === 'GET /campaigns') return listCampaigns(request.query);
    if (route === 'GET /tags') {
      const search = (request.query.get('query[name]') ?? '').toLowerCase();
      return { status: 200, body: tagList().filter((tag) => tag.name.toLowerCase().includes(search)) };
    }
    if (route === 'POST /tags') return createTag(body);
    if (route === 'GET /custom-fields') {
      const search = (request.query.get('query[name]') ?? '').toLowerCase();
      const found = GETRESPONSE_FAKE_CUSTOM_FIELDS.filter((field) => field.name.includes(search));
      return {
        status: 200,
        headers: { TotalCount: String(found.length), TotalPages: '1', CurrentPage: '1' },
        body: found.map((field) => ({
          ...field,
          href: `/v3/custom-fields/${field.customFieldId}`,
          type: 'text',
          format: 'text',
          valueType: 'string',
          hidden: 'false',
          values: [],
        })),
      };
    }
    if (route === 'POST /contacts') return createContact(body);
    if (route === 'GET /contacts') return searchContacts(request.query);
    const contactPath = /^\/contacts\/([^/]+)(?:\/(tags|custom-fields))?$/.exec(path);
    if (request.method === 'POST' && contactPath) {
      const contact = contacts.find((item) => item.contactId === contactPath[1]);
      const part = contactPath[2] === 'tags' || contactPath[2] === 'custom-fields' ? contactPath[2] : 'all';
      return contact ? updateContact(contact, body, part) : notFound();
    }
    return notFound();
  };

  const authorize = (query: URLSearchParams): FakeResponse => {
    if (query.get('client_id') !== clientId || query.get('response_type') !== 'code') {
      return {
        status: 400,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!doctype html><p>Unknown application.</p>',
      };
    }
    return authorizePage('GetResponse', query, () => {
      const code = newToken('gr_code');
      codes.set(code, { redirectUri: query.get('redirect_uri'), expiresAt: Date.now() + 10 * 60_000 });
      return code;
    });
  };

  const server = await startFakeServer(
    (request) => {
      if (request.method === 'GET' && request.path === '/oauth2_authorize.html')
        return authorize(request.query);
      if (request.method === 'POST' && request.path === '/v3/token') return token(request);
      if (request.path.startsWith('/v3/')) return api(request);
      return { status: 404, body: { message: 'Not found' } };
    },
    {
      ...options,
      rateLimited: () => ({
        status: 429,
        headers: {
          'X-RateLimit-Limit': '30000',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': '1 seconds',
        },
        body: errorBody(
          429,
          1015,
          'Too many request to API, quota reached, please wait till next quota window',
          'You have reached your requests limit for this time window, please wait...',
          { currentLimit: 30000, timeToReset: '1 seconds' },
        ),
      }),
    },
  );

  return {
    service: 'getresponse',
    server,
    env: {
      GETRESPONSE_API_URL: `${server.url}/v3`,
      GETRESPONSE_AUTHORIZE_URL: `${server.url}/oauth2_authorize.html`,
      GETRESPONSE_TOKEN_URL: `${server.url}/v3/token`,
      GETRESPONSE_CLIENT_ID: clientId,
      GETRESPONSE_CLIENT_SECRET: clientSecret,
    },
    demoCredentials: null,
    targets: CAMPAIGNS.map(({ id, name }) => ({ id, name })),
    contacts: (): FakeContact[] =>
      contacts.map((contact) => ({
        email: contact.email,
        name: contact.name,
        tags: [...contact.tagIds].map((id) => tags.get(id) ?? id),
        fields: {
          ...(contact.scoring === null ? {} : { scoring: String(contact.scoring) }),
          ...Object.fromEntries(
            [...contact.customFields].map(([id, value]) => [customFieldName(id) ?? id, value.join(', ')]),
          ),
        },
        targetIds: [contact.campaignId],
      })),
    revokeAll: () => {
      tokens.length = 0;
      codes.clear();
    },
    expireTokens: () => {
      for (const item of tokens) item.expiresAt = Date.now() - 1;
    },
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
};
