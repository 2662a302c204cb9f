import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientContext, ServiceError, SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { failureOf, localHttp } from '../clientTestSupport';
import { type PlatformlyCredentials, platformlyClient } from './platformlyClient';
import { type PlatformlyFake, startPlatformlyFake } from './platformlyFake';

const http = localHttp;

let fake: PlatformlyFake;
let settings: ServiceSettings;
let credentials: PlatformlyCredentials;

const connectContext = () => ({ http, settings, now: () => new Date() });
const context = (): ClientContext<PlatformlyCredentials> => ({
  ...connectContext(),
  credentials,
  saveCredentials: async () => {
    throw new Error('Platformly keys never change');
  },
});

const lead = (overrides: Partial<SubscriberLead> = {}): SubscriberLead => ({
  email: 'ana@example.com',
  name: 'Ana',
  quizName: 'Which traveller are you?',
  outcomeName: 'Explorer',
  score: 7,
  tags: ['quizbeam', 'quiz: Which traveller are you?', 'outcome: Explorer'],
  idempotencyKey: 'lead-1:destination-1',
  ...overrides,
});

beforeAll(async () => {
  fake = await startPlatformlyFake();
  settings = readServiceSettings('platformly', fake.env);
});

beforeEach(async () => {
  fake.setOptions({ requestsPerSecond: 0 });
  fake.setAuthFailureStatus(200);
  credentials = await platformlyClient.connect(connectContext(), { apiKey: fake.demoCredentials.apiKey });
});

afterAll(async () => {
  await fake.close();
  await http.close();
});

describe('platformlyClient against the Platformly fake', () => {
  it('connects with the API key and names the field when the key is wrong or missing', async () => {
    expect(credentials).toEqual({ apiKey: fake.demoCredentials.apiKey });
    const wrong = await failureOf(platformlyClient.connect(connectContext(), { apiKey: 'not-the-key' }));
    expect(wrong.kind).toBe('permanent');
    expect(wrong.details.field).toBe('apiKey');
    expect(wrong.message).toMatch(/did not accept this API key/);
    const missing = await failureOf(platformlyClient.connect(connectContext(), {}));
    expect(missing.details.field).toBe('apiKey');
  });

  it('checks the status and lists projects with every page of their segments', async () => {
    await expect(platformlyClient.checkStatus(context())).resolves.toBeUndefined();
    expect(await platformlyClient.listTargets(context())).toEqual([
      { id: 'project:11', displayName: 'Project: Main Project' },
      { id: 'segment:11:101', displayName: 'Main Project / Quiz Leads' },
      { id: 'segment:11:102', displayName: 'Main Project / Newsletter' },
      { id: 'segment:11:103', displayName: 'Main Project / Customers' },
      { id: 'project:12', displayName: 'Project: Webinar Funnel' },
      { id: 'segment:12:201', displayName: 'Webinar Funnel / Registrants' },
    ]);
  });

  it('adds a contact to a segment with the tags the project has, and the same lead twice stays one contact', async () => {
    const email = 'twice@example.com';
    const first = await platformlyClient.subscribe(context(), 'segment:11:103', lead({ email }));
    expect(first.statusCode).toBe(200);
    expect(first.responseExcerpt).toContain('success');
    await platformlyClient.subscribe(context(), 'segment:11:103', lead({ email, name: 'Ana Maria' }));
    const matching = fake.contacts().filter((contact) => contact.email === email);
    expect(matching).toHaveLength(1);
    expect(matching[0]?.name).toBe('Ana Maria');
    // "quiz: …" has no tag in the project and none can be created through the API.
    expect(matching[0]?.tags.sort()).toEqual(['outcome: Explorer', 'quizbeam']);
    expect(matching[0]?.targetIds.sort()).toEqual(['project:11', 'segment:11:103']);
  });

  it('adds an existing contact to another project by updating it', async () => {
    const email = 'moved@example.com';
    await platformlyClient.subscribe(context(), 'project:11', lead({ email, tags: [] }));
    await platformlyClient.subscribe(context(), 'project:12', lead({ email }));
    const contact = fake.contacts().find((candidate) => candidate.email === email);
    expect(contact?.targetIds.sort()).toEqual(['project:11', 'project:12']);
    expect(contact?.tags).toEqual(['quizbeam']);
  });

  it('refuses an invalid email and an unknown target permanently', async () => {
    const invalid = await failureOf(
      platformlyClient.subscribe(context(), 'project:11', lead({ email: 'nope' })),
    );
    expect(invalid.kind).toBe('permanent');
    expect(invalid.message).toBe('Platformly refused the contact: Invalid email address.');
    const project = await failureOf(platformlyClient.subscribe(context(), 'project:99', lead({ tags: [] })));
    expect(project.kind).toBe('permanent');
    const segment = await failureOf(
      platformlyClient.subscribe(context(), 'segment:11:999', lead({ tags: [] })),
    );
    expect(segment.kind).toBe('permanent');
    expect(segment.message).toMatch(/Segment not found/);
    expect((await failureOf(platformlyClient.subscribe(context(), 'list:1', lead()))).kind).toBe('permanent');
  });

  it('answers unauthorized once the key is revoked, whether the refusal comes as 200 or 401', async () => {
    fake.revokeAll();
    expect((await failureOf(platformlyClient.checkStatus(context()))).kind).toBe('unauthorized');
    fake.setAuthFailureStatus(401);
    const refused = await failureOf(platformlyClient.subscribe(context(), 'project:11', lead()));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.details.statusCode).toBe(401);
  });

  it('treats a 429 as retryable with its Retry-After', async () => {
    fake.setOptions({ requestsPerSecond: 1 });
    const results = await Promise.allSettled([
      platformlyClient.checkStatus(context()),
      platformlyClient.checkStatus(context()),
    ]);
    const rejected = results.find((result) => result.status === 'rejected');
    const error = (rejected as PromiseRejectedResult | undefined)?.reason as ServiceError | undefined;
    expect(error?.kind).toBe('retryable');
    expect(error?.details.statusCode).toBe(429);
    expect(error?.details.retryAfterMs).toBe(1000);
  });

  it('retries a 5xx and an HTML page instead of JSON', async () => {
    fake.failNext({
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const outage = await failureOf(platformlyClient.subscribe(context(), 'project:11', lead()));
    expect(outage.kind).toBe('retryable');
    expect(outage.details.statusCode).toBe(502);
    fake.failNext({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Maintenance</body></html>',
    });
    const html = await failureOf(platformlyClient.listTargets(context()));
    expect(html.kind).toBe('retryable');
    expect(html.message).toMatch(/did not answer with JSON/);
  });
});
