import {
  type FakeOptions,
  type FakeRequest,
  type FakeResponse,
  newToken,
  startFakeServer,
} from '../fakeHttp';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local ActiveCampaign (API v3) for tests and `npm run fakes`: its own URL is the "API URL" to type,
 * `Api-Token` header, /users/me, /lists with limit/offset and meta.total, /contact/sync (upsert by email),
 * /contactLists, /tags (search and create), /contactTags and /fields; custom field values by field id.
 */

interface StoredContact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** List id → status (1 subscribed, 2 unsubscribed). */
  lists: Map<string, number>;
  tagIds: Set<string>;
  phone: string;
  /** Custom field id → value. */
  fieldValues: Map<string, string>;
}
type Body = Record<string, unknown>;

const LISTS = [
  { id: '1', name: 'Master Contact List' },
  { id: '2', name: 'Quiz leads' },
  { id: '3', name: 'Customers' },
];
/** The account's custom fields; a personalisation tag is stored without its % signs. */
export const ACTIVECAMPAIGN_FAKE_FIELDS = [
  { id: '1', title: 'Company', perstag: 'COMPANY' },
  { id: '2', title: 'Team size', perstag: 'TEAM_SIZE' },
];
// [UNCONFIRMED] default and largest page sizes.
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const objectAt = (body: unknown, key: string): Body => {
  const value = (body as Body | undefined)?.[key];
  return value && typeof value === 'object' ? (value as Body) : {};
};
const notFound = (kind: string, id: unknown): FakeResponse => ({
  status: 404,
  body: { message: `No Result found for ${kind} with id ${String(id)}` },
});
const invalid = (title: string, field: string, code = 'invalid'): FakeResponse => ({
  status: 422,
  body: { errors: [{ title, detail: '', code, source: { pointer: `/data/attributes/${field}` } }] },
});

export interface ActiveCampaignFakeOptions extends FakeOptions {
  port?: number;
  /** [UNCONFIRMED] how a wrong key is refused: 403 as AC has historically answered, or 401. */
  authFailureStatus?: 401 | 403;
}

export async function startActiveCampaignFakeWith(
  options: ActiveCampaignFakeOptions = {},
): Promise<ServiceFake> {
  let apiKey = newToken('ac_key');
  const contacts: StoredContact[] = [];
  const tags = new Map<string, { name: string; type: string }>();
  let nextId = 1;

  const contactView = (contact: StoredContact) => ({
    id: String(contact.id),
    email: contact.email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    cdate: new Date().toISOString(),
  });

  const syncContact = (body: unknown): FakeResponse => {
    const input = objectAt(body, 'contact');
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!EMAIL.test(email)) return invalid('Contact Email Address is not valid.', 'email', 'email_invalid');
    const values = Array.isArray(input.fieldValues) ? (input.fieldValues as Body[]) : [];
    // [UNCONFIRMED] how an unknown field id is refused: a 422 as for other bad field values.
    const unknownField = values.find(
      (item) => !ACTIVECAMPAIGN_FAKE_FIELDS.some((field) => field.id === String(item?.field)),
    );
    if (unknownField) return invalid(`Field ${String(unknownField.field)} does not exist.`, 'fieldValues');
    let contact = contacts.find((item) => item.email.toLowerCase() === email.toLowerCase());
    // [UNCONFIRMED] 201 for a new contact, 200 for an update.
    const status = contact ? 200 : 201;
    if (!contact) {
      contact = {
        id: String(nextId++),
        email,
        firstName: '',
        lastName: '',
        lists: new Map(),
        tagIds: new Set(),
        phone: '',
        fieldValues: new Map(),
      };
      contacts.push(contact);
    }
    if (typeof input.firstName === 'string') contact.firstName = input.firstName;
    if (typeof input.lastName === 'string') contact.lastName = input.lastName;
    if (typeof input.phone === 'string') contact.phone = input.phone;
    for (const item of values) contact.fieldValues.set(String(item.field), String(item.value ?? ''));
    const fieldValues = [...contact.fieldValues].map(([field, value]) => ({
      contact: contact.id,
      field,
      value,
    }));
    return { status, body: { fieldValues, contact: contactView(contact) } };
  };

  const subscribeToList = (body: unknown): FakeResponse => {
    const input = objectAt(body, 'contactList');
    const contact = contacts.find((item) => item.id === String(input.contact));
    if (!contact) return notFound('Subscriber', input.contact);
    const list = LISTS.find((item) => item.id === String(input.list));
    if (!list) return notFound('List', input.list);
    const status = Number(input.status);
    if (status !== 1 && status !== 2) return invalid('The status must be 1 or 2.', 'status');
    contact.lists.set(list.id, status);
    return {
      status: 201,
      body: {
        contacts: [contactView(contact)],
        contactList: {
          id: `${contact.id}-${list.id}`,
          contact: contact.id,
          list: list.id,
          status: String(status),
        },
      },
    };
  };

  const tagView = (id: string) => ({
    id,
    tag: tags.get(id)?.name,
    tagType: tags.get(id)?.type,
    description: '',
  });

  const createTag = (body: unknown): FakeResponse => {
    const input = objectAt(body, 'tag');
    const name = typeof input.tag === 'string' ? input.tag.trim() : '';
    if (name === '') return invalid('Tag name is required.', 'tag');
    if ([...tags.values()].some((tag) => tag.name.toLowerCase() === name.toLowerCase())) {
      return invalid('Tag with this name already exists.', 'tag', 'duplicate');
    }
    const id = String(nextId++);
    tags.set(id, { name, type: typeof input.tagType === 'string' ? input.tagType : 'contact' });
    return { status: 201, body: { tag: tagView(id) } };
  };

  const tagContact = (body: unknown): FakeResponse => {
    const input = objectAt(body, 'contactTag');
    const contact = contacts.find((item) => item.id === String(input.contact));
    if (!contact) return notFound('Subscriber', input.contact);
    const id = String(input.tag);
    if (!tags.has(id)) return notFound('Tag', input.tag);
    // [UNCONFIRMED] tagging twice answers the existing link again (a real account may answer 422).
    contact.tagIds.add(id);
    return { status: 201, body: { contactTag: { id: `${contact.id}-${id}`, contact: contact.id, tag: id } } };
  };

  const api = (request: FakeRequest): FakeResponse => {
    if (request.headers['api-token'] !== apiKey) {
      return {
        status: options.authFailureStatus ?? 403,
        body: { message: 'You are not authorized to access this resource' },
      };
    }
    const route = `${request.method} ${request.path.replace(/^\/api\/3/, '')}`;
    if (route === 'GET /users/me') {
      return {
        status: 200,
        body: {
          user: {
            id: '1',
            username: 'demo',
            firstName: 'Demo',
            lastName: 'Owner',
            email: 'owner@example.com',
          },
        },
      };
    }
    if (route === 'GET /lists') {
      const limit = Math.min(Number(request.query.get('limit') ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, MAX_LIMIT);
      const offset = Math.max(Number(request.query.get('offset') ?? 0) || 0, 0);
      const lists = LISTS.slice(offset, offset + limit).map((list) => ({
        ...list,
        stringid: list.name.toLowerCase().replace(/\W+/g, '-'),
      }));
      return { status: 200, body: { lists, meta: { total: String(LISTS.length) } } };
    }
    if (route === 'POST /contact/sync') return syncContact(request.body);
    if (route === 'POST /contactLists') return subscribeToList(request.body);
    if (route === 'GET /tags') {
      const search = (request.query.get('search') ?? '').toLowerCase();
      const found = [...tags.keys()]
        .filter((id) => tags.get(id)?.name.toLowerCase().includes(search))
        .map(tagView);
      return { status: 200, body: { tags: found, meta: { total: String(found.length) } } };
    }
    if (route === 'POST /tags') return createTag(request.body);
    if (route === 'GET /fields') {
      const limit = Math.min(Number(request.query.get('limit') ?? 100) || 100, MAX_LIMIT);
      const offset = Math.max(Number(request.query.get('offset') ?? 0) || 0, 0);
      const fields = ACTIVECAMPAIGN_FAKE_FIELDS.slice(offset, offset + limit).map((field) => ({
        ...field,
        type: 'text',
        isrequired: '0',
        visible: '1',
      }));
      return {
        status: 200,
        body: {
          fieldOptions: [],
          fieldRels: [],
          fields,
          meta: { total: String(ACTIVECAMPAIGN_FAKE_FIELDS.length) },
        },
      };
    }
    if (route === 'POST /contactTags') return tagContact(request.body);
    return { status: 404, body: { message: 'No Result found' } };
  };

  const server = await startFakeServer(
    (request) =>
      request.path.startsWith('/api/3/') ? api(request) : { status: 404, body: { message: 'Not found' } },
    {
      ...options,
      // [UNCONFIRMED] whether ActiveCampaign's 429 carries Retry-After; the fake sends one.
      rateLimited: () => ({
        status: 429,
        headers: { 'retry-after': '1' },
        body: { message: 'Too Many Requests' },
      }),
    },
  );

  return {
    service: 'activecampaign',
    server,
    env: { ACTIVECAMPAIGN_API_URL: `${server.url}/api/3` },
    get demoCredentials() {
      return { apiUrl: server.url, apiKey };
    },
    targets: LISTS.map(({ id, name }) => ({ id, name })),
    contacts: (): FakeContact[] =>
      contacts.map((contact) => ({
        email: contact.email,
        name: [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null,
        tags: [...contact.tagIds].map((id) => tags.get(id)?.name ?? id),
        fields: {
          ...(contact.phone ? { phone: contact.phone } : {}),
          ...Object.fromEntries(
            [...contact.fieldValues].map(([id, value]) => [
              ACTIVECAMPAIGN_FAKE_FIELDS.find((field) => field.id === id)?.perstag ?? id,
              value,
            ]),
          ),
        },
        targetIds: [...contact.lists].filter(([, status]) => status === 1).map(([listId]) => listId),
      })),
    /** The key stops working; a new one (demoCredentials) is what reconnecting takes. */
    revokeAll: () => {
      apiKey = newToken('ac_key');
    },
    // API keys do not expire.
    expireTokens: () => {},
    answerNext: (...answers) => server.answerNext(...answers),
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}

export const startActiveCampaignFake: StartServiceFake = (options = {}) =>
  startActiveCampaignFakeWith(options);
