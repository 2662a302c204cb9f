import { type FakeOptions, type FakeRequest, type FakeResponse, startFakeServer } from '../fakeHttp';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local Sendlane v1: POST /api/v1/<method> with `api` and `hash` (form body or query). Its answer and
 * error shapes are UNCONFIRMED: success is JSON, a failure is JSON with an `error` key, at a 4xx status or,
 * with `errorsWithStatus200`, at 200 as some PHP APIs of its age do (the client must handle both).
 */

const API_KEY = 'sendlane-fake-api-key';
const HASH_KEY = 'sendlane-fake-hash-key';
const EMAIL = /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/;

const SEED_LISTS = [
  { list_id: 101, list_name: 'Newsletter' },
  { list_id: 102, list_name: 'Quiz Leads' },
  { list_id: 103, list_name: 'Webinar Signups' },
];

export interface SendlaneFakeOptions extends FakeOptions {
  port?: number;
  /** Answer failures with HTTP 200 and an `error` body instead of a 4xx status. */
  errorsWithStatus200?: boolean;
}

interface StoredContact {
  email: string;
  name: string | null;
  listIds: Set<string>;
}

/** `First Last<a@b.com>`, `<a@b.com>` or `a@b.com`. */
function parseAddress(entry: string): { email: string; name: string | null } {
  const match = /^(.*?)\s*<([^>]*)>\s*$/.exec(entry.trim());
  if (!match) return { email: entry.trim(), name: null };
  const name = (match[1] ?? '').trim();
  return { email: (match[2] ?? '').trim(), name: name === '' ? null : name };
}

export async function createSendlaneFake(options: SendlaneFakeOptions = {}): Promise<ServiceFake> {
  const contacts = new Map<string, StoredContact>();
  let keysValid = true;

  const failure = (status: number, message: string): FakeResponse => ({
    status: options.errorsWithStatus200 ? 200 : status,
    body: { error: { message } },
  });

  function listsAnswer(params: URLSearchParams): FakeResponse {
    const start = Number(params.get('start') ?? 0) || 0;
    const limit = Number(params.get('limit') ?? SEED_LISTS.length) || SEED_LISTS.length;
    return { status: 200, body: SEED_LISTS.slice(start, start + limit) };
  }

  function subscribersAdd(params: URLSearchParams): FakeResponse {
    const listId = params.get('list_id') ?? '';
    if (!SEED_LISTS.some((list) => String(list.list_id) === listId)) return failure(404, 'List not found.');
    const entries = (params.get('email') ?? '').split(',').filter((entry) => entry.trim() !== '');
    if (entries.length === 0) return failure(400, 'Email is required.');
    const parsed = entries.map(parseAddress);
    const invalid = parsed.find((entry) => !EMAIL.test(entry.email));
    if (invalid) return failure(400, `Invalid email address: ${invalid.email}`);
    for (const { email, name } of parsed) {
      const key = email.toLowerCase();
      const existing = contacts.get(key);
      // Re-adding an existing subscriber is not an error: the name is updated and the list added.
      if (existing) {
        existing.name = name ?? existing.name;
        existing.listIds.add(listId);
      } else contacts.set(key, { email: key, name, listIds: new Set([listId]) });
    }
    return { status: 200, body: { success: 'Subscribers added successfully.' } };
  }

  function handle(request: FakeRequest): FakeResponse {
    const method = /^\/api\/v1\/([a-z-]+)\/?$/.exec(request.path)?.[1];
    if (!method) return { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' };
    const params = new URLSearchParams(request.query);
    if (typeof request.body === 'object' && request.body !== null) {
      for (const [key, value] of Object.entries(request.body))
        if (typeof value === 'string') params.set(key, value);
    }
    if (!keysValid || params.get('api') !== API_KEY) return failure(401, 'Invalid API key.');
    if (params.get('hash') !== HASH_KEY) return failure(401, 'Invalid hash key.');
    if (method === 'lists') return listsAnswer(params);
    if (method === 'list-subscribers-add') return subscribersAdd(params);
    return failure(404, `Unknown method ${method}.`);
  }

  const server = await startFakeServer(handle, {
    ...options,
    rateLimited: () => ({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { error: 'Too many requests.' },
    }),
  });

  return {
    service: 'sendlane',
    server,
    env: { SENDLANE_API_URL: `${server.url}/api/v1` },
    demoCredentials: { subdomain: server.url, apiKey: API_KEY, hashKey: HASH_KEY },
    targets: SEED_LISTS.map((list) => ({ id: String(list.list_id), name: list.list_name })),
    contacts: (): FakeContact[] =>
      [...contacts.values()].map((contact) => ({
        email: contact.email,
        name: contact.name,
        tags: [],
        fields: {},
        targetIds: [...contact.listIds],
      })),
    revokeAll() {
      keysValid = false;
    },
    expireTokens() {
      // API keys do not expire.
    },
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}

export const startSendlaneFake: StartServiceFake = (options) => createSendlaneFake(options);
