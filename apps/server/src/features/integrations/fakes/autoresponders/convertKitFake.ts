import { type FakeRequest, type FakeResponse, newToken, startFakeServer } from '../fakeHttp';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local Kit (ConvertKit) API v3 under /v3: the API secret as a query parameter (GET) or JSON body field
 * (POST), account, forms (one archived, one landing page), sequences (listed as `courses`), tags, tag
 * creation, and form / sequence / tag subscribe as an upsert by email. Errors are `{ error, message }`;
 * its 429 has no Retry-After, like Kit's.
 */

interface Subscriber {
  id: number;
  email: string;
  firstName: string | null;
  fields: Record<string, string>;
  tagIds: Set<number>;
  /** form:… and sequence:… as the client names them. */
  subscriptions: Set<string>;
}

export interface ConvertKitFake extends ServiceFake {
  /** The API secret that currently works, as the connect form's API Secret. */
  readonly demoCredentials: { apiKey: string };
}

const FORMS = [
  { id: 1001, name: 'Newsletter', type: 'embed', archived: false },
  { id: 1002, name: 'Quiz Results Landing Page', type: 'hosted', archived: false },
  { id: 1003, name: 'Old Giveaway', type: 'embed', archived: true },
];
const SEQUENCES = [
  { id: 2001, name: 'Welcome Series' },
  { id: 2002, name: 'Quiz Follow-up' },
];
const CREATED_AT = '2024-01-15T10:00:00.000Z';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const kitError = (status: number, error: string, message: string): FakeResponse => ({
  status,
  body: { error, message },
});
const notFound = () => kitError(404, 'Not Found', "The entity you were trying to find doesn't exist");

export const startConvertKitFake = (async (options = {}): Promise<ConvertKitFake> => {
  let apiSecret = newToken('ck_secret');
  const tags = new Map<number, string>([
    [3001, 'Customers'],
    [3002, 'quizbeam'],
  ]);
  const subscribers = new Map<string, Subscriber>();
  let nextTagId = 3100;
  let nextSubscriberId = 5001;
  let nextSubscriptionId = 9001;

  const secretOf = (request: FakeRequest): string | null => {
    if (request.method === 'GET') return request.query.get('api_secret');
    const body = request.body as { api_secret?: unknown } | undefined;
    return typeof body?.api_secret === 'string' ? body.api_secret : null;
  };

  function subscribe(request: FakeRequest, kind: 'form' | 'sequence' | 'tag', id: number): FakeResponse {
    const exists =
      kind === 'form'
        ? FORMS.some((form) => form.id === id && !form.archived)
        : kind === 'sequence'
          ? SEQUENCES.some((sequence) => sequence.id === id)
          : tags.has(id);
    if (!exists) return notFound();
    const body = (request.body ?? {}) as {
      email?: unknown;
      first_name?: unknown;
      tags?: unknown;
      fields?: unknown;
    };
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!EMAIL_PATTERN.test(email)) return kitError(422, 'Invalid parameter', 'Email address is invalid');
    const extraTags = Array.isArray(body.tags) ? body.tags.map(Number) : [];
    if (kind !== 'tag' && extraTags.some((tagId) => !tags.has(tagId))) {
      return kitError(422, 'Invalid parameter', 'One or more tags do not exist');
    }
    // Re-subscribing an address is not an error: the subscriber is updated in place.
    const key = email.toLowerCase();
    const subscriber = subscribers.get(key) ?? {
      id: nextSubscriberId++,
      email,
      firstName: null,
      fields: {},
      tagIds: new Set<number>(),
      subscriptions: new Set<string>(),
    };
    subscribers.set(key, subscriber);
    if (typeof body.first_name === 'string' && body.first_name !== '') subscriber.firstName = body.first_name;
    if (kind === 'tag') subscriber.tagIds.add(id);
    else subscriber.subscriptions.add(`${kind}:${id}`);
    if (kind !== 'tag') for (const tagId of extraTags) subscriber.tagIds.add(tagId);
    // `fields` is an object of custom field keys to texts; whether v3 ignores unknown keys is UNCONFIRMED,
    // the fake keeps them all.
    if (body.fields !== undefined) {
      const fields = body.fields;
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
        return kitError(422, 'Invalid parameter', 'fields must be an object');
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value !== 'string')
          return kitError(422, 'Invalid parameter', `fields.${key} must be a string`);
        subscriber.fields[key] = value;
      }
    }
    return {
      status: 200,
      body: {
        subscription: {
          id: nextSubscriptionId++,
          state: 'active',
          created_at: new Date().toISOString(),
          source: null,
          referrer: null,
          subscribable_id: id,
          subscribable_type: kind === 'sequence' ? 'course' : kind,
          subscriber: { id: subscriber.id },
        },
      },
    };
  }

  function createTag(request: FakeRequest): FakeResponse {
    const body = (request.body ?? {}) as { tag?: { name?: unknown } };
    const name = typeof body.tag?.name === 'string' ? body.tag.name.trim() : '';
    if (name === '') return kitError(422, 'Invalid parameter', "Name can't be blank");
    if ([...tags.values()].some((existing) => existing.toLowerCase() === name.toLowerCase())) {
      return kitError(422, 'Invalid parameter', 'Name has already been taken');
    }
    const id = nextTagId++;
    tags.set(id, name);
    return { status: 201, body: { id, name, created_at: new Date().toISOString() } };
  }

  function route(request: FakeRequest): FakeResponse {
    if (!request.path.startsWith('/v3/')) return notFound();
    const path = request.path.slice('/v3'.length);
    const secret = secretOf(request);
    if (!secret) return kitError(401, 'Authorization Failed', 'API Key not present');
    if (secret !== apiSecret) return kitError(401, 'Authorization Failed', 'API Secret not valid');
    if (request.method === 'GET') {
      if (path === '/account') {
        return {
          status: 200,
          body: { name: 'Quizbeam Demo', plan_type: 'creator', primary_email_address: 'demo@example.com' },
        };
      }
      if (path === '/forms') {
        return {
          status: 200,
          body: { forms: FORMS.map((form) => ({ ...form, created_at: CREATED_AT, format: 'inline' })) },
        };
      }
      if (path === '/sequences') {
        return {
          status: 200,
          body: { courses: SEQUENCES.map((sequence) => ({ ...sequence, created_at: CREATED_AT })) },
        };
      }
      if (path === '/tags') {
        return {
          status: 200,
          body: { tags: [...tags].map(([id, name]) => ({ id, name, created_at: CREATED_AT })) },
        };
      }
      return notFound();
    }
    if (request.method !== 'POST') return notFound();
    if (path === '/tags') return createTag(request);
    const match = /^\/(forms|sequences|tags)\/(\d+)\/subscribe$/.exec(path);
    if (!match?.[1] || !match[2]) return notFound();
    const kind = match[1] === 'forms' ? 'form' : match[1] === 'sequences' ? 'sequence' : 'tag';
    return subscribe(request, kind, Number(match[2]));
  }

  const server = await startFakeServer(route, {
    ...options,
    rateLimited: () => kitError(429, 'Too Many Requests', 'Retry later'),
  });

  return {
    service: 'convertkit',
    server,
    env: { CONVERTKIT_API_URL: `${server.url}/v3` },
    get demoCredentials() {
      return { apiKey: apiSecret };
    },
    targets: [
      ...FORMS.filter((form) => !form.archived).map((form) => ({ id: `form:${form.id}`, name: form.name })),
      ...SEQUENCES.map((sequence) => ({ id: `sequence:${sequence.id}`, name: sequence.name })),
      ...[...tags].map(([id, name]) => ({ id: `tag:${id}`, name })),
    ],
    contacts(): FakeContact[] {
      return [...subscribers.values()].map((subscriber) => ({
        email: subscriber.email,
        name: subscriber.firstName,
        tags: [...subscriber.tagIds].map((id) => tags.get(id) ?? String(id)),
        fields: { ...subscriber.fields },
        targetIds: [...subscriber.subscriptions, ...[...subscriber.tagIds].map((id) => `tag:${id}`)],
      }));
    },
    /** The secret stops working; a new one (shown as demoCredentials) is issued, as when the user resets it. */
    revokeAll() {
      apiSecret = newToken('ck_secret');
    },
    // Kit v3 secrets do not expire.
    expireTokens() {},
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}) satisfies StartServiceFake;
