import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientContext, ServiceError, SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { failureOf, localHttp } from '../clientTestSupport';
import { type ConvertKitCredentials, convertKitClient } from './convertKitClient';
import { type ConvertKitFake, startConvertKitFake } from './convertKitFake';

const http = localHttp;

let fake: ConvertKitFake;
let settings: ServiceSettings;
let credentials: ConvertKitCredentials;

const connectContext = () => ({ http, settings, now: () => new Date() });
const context = (): ClientContext<ConvertKitCredentials> => ({
  ...connectContext(),
  credentials,
  saveCredentials: async () => {
    throw new Error('Kit v3 secrets never change');
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
  fake = await startConvertKitFake();
  settings = readServiceSettings('convertkit', fake.env);
});

beforeEach(async () => {
  fake.setOptions({ requestsPerSecond: 0 });
  credentials = await convertKitClient.connect(connectContext(), { apiKey: fake.demoCredentials.apiKey });
});

afterAll(async () => {
  await fake.close();
  await http.close();
});

describe('convertKitClient against the Kit v3 fake', () => {
  it('connects with the API secret and names the field when the secret is wrong or missing', async () => {
    expect(credentials).toEqual({ apiSecret: fake.demoCredentials.apiKey });
    const wrong = await failureOf(convertKitClient.connect(connectContext(), { apiKey: 'not-the-secret' }));
    expect(wrong.kind).toBe('permanent');
    expect(wrong.details.field).toBe('apiKey');
    expect(wrong.message).toMatch(/did not accept this API secret/);
    const missing = await failureOf(convertKitClient.connect(connectContext(), { apiKey: ' ' }));
    expect(missing.details.field).toBe('apiKey');
  });

  it('checks the status and lists forms, landing pages, sequences and tags, without archived forms', async () => {
    await expect(convertKitClient.checkStatus(context())).resolves.toBeUndefined();
    const targets = await convertKitClient.listTargets(context());
    expect(targets).toEqual(
      expect.arrayContaining([
        { id: 'form:1001', displayName: 'Form: Newsletter' },
        { id: 'form:1002', displayName: 'Landing page: Quiz Results Landing Page' },
        { id: 'sequence:2001', displayName: 'Sequence: Welcome Series' },
        { id: 'tag:3001', displayName: 'Tag: Customers' },
      ]),
    );
    expect(targets.map((target) => target.id)).not.toContain('form:1003');
  });

  it('subscribes to a form with the tags (created once) and the same lead twice stays one contact', async () => {
    const email = 'twice@example.com';
    const first = await convertKitClient.subscribe(context(), 'form:1001', lead({ email }));
    expect(first.statusCode).toBe(200);
    expect(first.responseExcerpt).toContain('subscription');
    await convertKitClient.subscribe(context(), 'form:1001', lead({ email, name: 'Ana Maria' }));
    const matching = fake.contacts().filter((contact) => contact.email === email);
    expect(matching).toHaveLength(1);
    expect(matching[0]?.name).toBe('Ana Maria');
    expect(matching[0]?.tags.sort()).toEqual([
      'outcome: Explorer',
      'quiz: Which traveller are you?',
      'quizbeam',
    ]);
    expect(matching[0]?.targetIds).toContain('form:1001');
    const tagTargets = (await convertKitClient.listTargets(context())).filter((target) =>
      target.id.startsWith('tag:'),
    );
    expect(tagTargets.filter((target) => target.displayName === 'Tag: outcome: Explorer')).toHaveLength(1);
  });

  it('subscribes to a sequence and to a tag, with the lead tags on the tag target too', async () => {
    await convertKitClient.subscribe(context(), 'sequence:2002', lead({ email: 'seq@example.com' }));
    expect(fake.contacts().find((contact) => contact.email === 'seq@example.com')?.targetIds).toContain(
      'sequence:2002',
    );
    await convertKitClient.subscribe(
      context(),
      'tag:3001',
      lead({ email: 'tagged@example.com', name: null }),
    );
    const tagged = fake.contacts().find((contact) => contact.email === 'tagged@example.com');
    expect(tagged?.name).toBeNull();
    expect(tagged?.tags).toEqual(expect.arrayContaining(['Customers', 'quizbeam', 'outcome: Explorer']));
  });

  it('refuses an invalid email and an unknown target permanently', async () => {
    const invalid = await failureOf(
      convertKitClient.subscribe(context(), 'form:1001', lead({ email: 'not-an-email' })),
    );
    expect(invalid.kind).toBe('permanent');
    expect(invalid.message).toMatch(/ConvertKit refused the subscriber: Email address is invalid/);
    const unknown = await failureOf(convertKitClient.subscribe(context(), 'form:9999', lead()));
    expect(unknown.kind).toBe('permanent');
    expect(unknown.details.statusCode).toBe(404);
    const malformed = await failureOf(convertKitClient.subscribe(context(), 'list:1', lead()));
    expect(malformed.kind).toBe('permanent');
  });

  it('answers unauthorized once the secret is revoked', async () => {
    const revoked = credentials;
    fake.revokeAll();
    credentials = revoked;
    expect((await failureOf(convertKitClient.checkStatus(context()))).kind).toBe('unauthorized');
    expect((await failureOf(convertKitClient.subscribe(context(), 'form:1001', lead()))).kind).toBe(
      'unauthorized',
    );
  });

  it('treats a 429 without Retry-After as retryable after a minute', async () => {
    fake.setOptions({ requestsPerSecond: 1 });
    const results = await Promise.allSettled([
      convertKitClient.checkStatus(context()),
      convertKitClient.checkStatus(context()),
    ]);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status).toBe('rejected');
    const error = (rejected as PromiseRejectedResult).reason as ServiceError;
    expect(error.kind).toBe('retryable');
    expect(error.details.statusCode).toBe(429);
    expect(error.details.retryAfterMs).toBe(60_000);
  });

  it('retries a 5xx and an HTML page instead of JSON', async () => {
    fake.failNext({ status: 503, body: { error: 'Service Unavailable', message: 'Down for maintenance' } });
    const outage = await failureOf(convertKitClient.subscribe(context(), 'form:1001', lead({ tags: [] })));
    expect(outage.kind).toBe('retryable');
    expect(outage.details.statusCode).toBe(503);
    fake.failNext({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Maintenance</body></html>',
    });
    const html = await failureOf(convertKitClient.listTargets(context()));
    expect(html.kind).toBe('retryable');
    expect(html.message).toMatch(/did not answer with JSON/);
  });
});
