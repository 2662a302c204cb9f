import { type FakeRequest, type FakeResponse, newToken, startFakeServer } from '../fakeHttp';
import type { FakeContact, ServiceFake, StartServiceFake } from '../serviceFake';

/*
 * A local Platformly: one RPC endpoint taking form fields api_key, action and value (a JSON string),
 * answering JSON with failures as { status: 'error', message }. Projects with paged segments and tags,
 * list_custom_fields, fetch_contact / add_contact / update_contact with custom fields keyed
 * `cf_{alias}_{id}`. What Platformly does not document is an option here:
 * the HTTP status of a refused key (200 by default) and whether add_contact refuses an existing address
 * (it does by default).
 */

interface Contact {
  id: number;
  email: string;
  firstName: string | null;
  projectIds: Set<number>;
  /** `${projectId}:${segmentId}` */
  segments: Set<string>;
  tagIds: Set<number>;
  /** `cf_{alias}_{id}` → value. */
  customFields: Map<string, string>;
}

export interface PlatformlyFake extends ServiceFake {
  /** The API key that currently works, as the connect form's API Key. */
  readonly demoCredentials: { apiKey: string };
  /** The HTTP status of the error body a wrong key gets (unconfirmed; 200 by default). */
  setAuthFailureStatus(status: number): void;
}

/** Small pages, so the client's paging is exercised (the real page size is unconfirmed). */
const PAGE_SIZE = 2;
const PROJECTS = [
  { id: 11, name: 'Main Project' },
  { id: 12, name: 'Webinar Funnel' },
];
const SEGMENTS = new Map<number, { id: number; name: string }[]>([
  [
    11,
    [
      { id: 101, name: 'Quiz Leads' },
      { id: 102, name: 'Newsletter' },
      { id: 103, name: 'Customers' },
    ],
  ],
  [12, [{ id: 201, name: 'Registrants' }]],
]);
const TAGS = new Map<number, { id: number; name: string }[]>([
  [
    11,
    [
      { id: 501, name: 'quizbeam' },
      { id: 502, name: 'VIP' },
      { id: 503, name: 'outcome: Explorer' },
    ],
  ],
  [12, [{ id: 601, name: 'quizbeam' }]],
]);
/** Each project's custom fields as list_custom_fields answers them. */
export const PLATFORMLY_FAKE_CUSTOM_FIELDS = new Map<number, { id: number; alias: string; name: string }[]>([
  [
    11,
    [
      { id: 55, alias: 'company', name: 'Company' },
      { id: 56, alias: 'teamsize', name: 'Team size' },
    ],
  ],
  [12, []],
]);
const customFieldKey = (field: { id: number; alias: string }) => `cf_${field.alias}_${field.id}`;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const failure = (message: string, status = 200): FakeResponse => ({
  status,
  body: { status: 'error', message },
});
const page = <T>(items: T[], value: Record<string, unknown>) => {
  const index = Math.max(0, Number(value.page ?? 0) || 0);
  return items.slice(index * PAGE_SIZE, (index + 1) * PAGE_SIZE);
};
const idList = (text: unknown): number[] =>
  typeof text === 'string' && text.trim() !== '' ? text.split(',').map((part) => Number(part.trim())) : [];

export const startPlatformlyFake = (async (options = {}): Promise<PlatformlyFake> => {
  let apiKey = newToken('plat_key');
  let authFailureStatus = 200;
  const contacts = new Map<string, Contact>();
  let nextContactId = 7001;

  /** Applies add_contact / update_contact fields to a contact, or answers why they are refused. */
  function apply(contact: Contact, value: Record<string, unknown>): FakeResponse | null {
    const projectId = Number(value.project_id);
    if (!PROJECTS.some((project) => project.id === projectId)) return failure('Project not found.');
    const segmentIds = idList(value.segment);
    const known = SEGMENTS.get(projectId) ?? [];
    if (segmentIds.some((id) => !known.some((segment) => segment.id === id)))
      return failure('Segment not found.');
    const tagIds = idList(value.tag);
    if (tagIds.some((id) => !(TAGS.get(projectId) ?? []).some((tag) => tag.id === id)))
      return failure('Tag not found.');
    contact.projectIds.add(projectId);
    // Whether update_contact replaces or adds segments and tags is unconfirmed: the fake adds them.
    for (const id of segmentIds) contact.segments.add(`${projectId}:${id}`);
    for (const id of tagIds) contact.tagIds.add(id);
    if (typeof value.first_name === 'string' && value.first_name !== '') contact.firstName = value.first_name;
    // [UNCONFIRMED] what a key of no field of the project does: the fake keeps only the project's fields.
    const keys = new Set((PLATFORMLY_FAKE_CUSTOM_FIELDS.get(projectId) ?? []).map(customFieldKey));
    for (const [key, text] of Object.entries(value)) {
      if (keys.has(key) && typeof text === 'string') contact.customFields.set(key, text);
    }
    return null;
  }

  function addContact(value: Record<string, unknown>): FakeResponse {
    const email = typeof value.email === 'string' ? value.email.trim() : '';
    if (!EMAIL_PATTERN.test(email)) return failure('Invalid email address.');
    if (contacts.has(email.toLowerCase())) return failure('Contact already exists.');
    const contact: Contact = {
      id: nextContactId++,
      email,
      firstName: null,
      projectIds: new Set(),
      segments: new Set(),
      tagIds: new Set(),
      customFields: new Map(),
    };
    const refused = apply(contact, value);
    if (refused) return refused;
    contacts.set(email.toLowerCase(), contact);
    return {
      status: 200,
      body: { status: 'success', message: 'Contact added.', data: { cc_id: contact.id } },
    };
  }

  function findContact(value: Record<string, unknown>): Contact | undefined {
    if (typeof value.email === 'string') return contacts.get(value.email.trim().toLowerCase());
    return [...contacts.values()].find((contact) => contact.id === Number(value.contact_id));
  }

  function contactBody(contact: Contact) {
    return { id: contact.id, email: contact.email, first_name: contact.firstName ?? '', last_name: '' };
  }

  function perform(action: string, value: Record<string, unknown>): FakeResponse {
    const projectId = Number(value.project_id);
    switch (action) {
      case 'profile':
        return {
          status: 200,
          body: { id: 77, name: 'Quizbeam Demo', email: 'demo@example.com', company: 'Quizbeam' },
        };
      case 'list_projects':
        return { status: 200, body: PROJECTS };
      case 'list_segments':
      case 'list_tags': {
        const items = (action === 'list_tags' ? TAGS : SEGMENTS).get(projectId);
        return items ? { status: 200, body: page(items, value) } : failure('Project not found.');
      }
      case 'list_custom_fields': {
        const fields = PLATFORMLY_FAKE_CUSTOM_FIELDS.get(projectId);
        return fields ? { status: 200, body: fields } : failure('Project not found.');
      }
      case 'fetch_contact': {
        const contact = findContact(value);
        return contact ? { status: 200, body: contactBody(contact) } : failure('Contact Not Found');
      }
      case 'add_contact':
        return addContact(value);
      case 'update_contact': {
        const contact = findContact(value);
        if (!contact) return failure('The action was not processed.');
        const refused = apply(contact, value);
        return (
          refused ?? {
            status: 200,
            body: { status: 'success', message: 'Contact updated.', data: { cc_id: contact.id } },
          }
        );
      }
      default:
        return failure('Invalid action.');
    }
  }

  function route(request: FakeRequest): FakeResponse {
    if (request.method !== 'POST' || request.path !== '/') return failure('Invalid request.', 404);
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (form.api_key !== apiKey) return failure('Invalid API Key.', authFailureStatus);
    let value: unknown;
    try {
      value = JSON.parse(form.value ?? '{}');
    } catch {
      return failure('Invalid value.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return failure('Invalid value.');
    return perform(form.action ?? '', value as Record<string, unknown>);
  }

  const server = await startFakeServer(route, {
    ...options,
    // Platformly's rate limit is unconfirmed: the fake answers 429 with Retry-After.
    rateLimited: () => ({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { status: 'error', message: 'Too many requests.' },
    }),
  });

  const tagName = (id: number) => [...TAGS.values()].flat().find((tag) => tag.id === id)?.name ?? String(id);

  return {
    service: 'platformly',
    server,
    env: { PLATFORMLY_API_URL: server.url },
    get demoCredentials() {
      return { apiKey };
    },
    targets: PROJECTS.flatMap((project) => [
      { id: `project:${project.id}`, name: project.name },
      ...(SEGMENTS.get(project.id) ?? []).map((segment) => ({
        id: `segment:${project.id}:${segment.id}`,
        name: `${project.name} / ${segment.name}`,
      })),
    ]),
    contacts(): FakeContact[] {
      return [...contacts.values()].map((contact) => ({
        email: contact.email,
        name: contact.firstName,
        tags: [...contact.tagIds].map(tagName),
        fields: Object.fromEntries(contact.customFields),
        targetIds: [
          ...[...contact.projectIds].map((id) => `project:${id}`),
          ...[...contact.segments].map((key) => `segment:${key}`),
        ],
      }));
    },
    /** The key stops working; a new one (shown as demoCredentials) is issued, as when the user regenerates it. */
    revokeAll() {
      apiKey = newToken('plat_key');
    },
    // Platformly API keys do not expire.
    expireTokens() {},
    answerNext: (...answers) => server.answerNext(...answers),
    setAuthFailureStatus(status) {
      authFailureStatus = status;
    },
    setOptions: (next) => server.setOptions(next),
    close: () => server.close(),
  };
}) satisfies StartServiceFake;
