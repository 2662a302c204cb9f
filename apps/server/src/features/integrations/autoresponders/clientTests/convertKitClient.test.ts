import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectContextFor, recordingContext } from '../../../../testing/autoresponderClients';
import { type ConvertKitFake, startConvertKitFake } from '../../fakes/autoresponders/convertKitFake';
import { readServiceSettings, type ServiceSettings } from '../serviceSettings';
import { type ConvertKitCredentials, convertKitClient } from '../services/convertkit/convertKitClient';

describeAutoresponderClientBehaviour('ConvertKit', {
  client: convertKitClient,
  startFake: startConvertKitFake,
  // Archived forms are left out.
  targets: [
    { id: 'form:1001', displayName: 'Form: Newsletter' },
    { id: 'form:1002', displayName: 'Landing page: Quiz Results Landing Page' },
    { id: 'sequence:2001', displayName: 'Sequence: Welcome Series' },
    { id: 'sequence:2002', displayName: 'Sequence: Quiz Follow-up' },
    { id: 'tag:3001', displayName: 'Tag: Customers' },
    { id: 'tag:3002', displayName: 'Tag: quizbeam' },
  ],
  target: 'form:1001',
  otherTarget: {
    id: 'sequence:2002',
    targetIds: ['form:1001', 'sequence:2002', 'tag:3002', 'tag:3100', 'tag:3101'],
  },
  // Kit lists a contact's tags among its targets too: tags it had (quizbeam) and those created for the leads.
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: [...FIRST_LEAD.tags, 'outcome: Pioneer'],
    fields: {},
    targetIds: ['form:1001', 'tag:3002', 'tag:3100', 'tag:3101', 'tag:3102'],
  },
  subscribed: { statuses: [200, 200], excerpt: /"subscription"/ },
  refusedAddress: {
    message: /^ConvertKit refused the subscriber: Email address is invalid/,
    statusCode: 422,
  },
  unknownTargets: [
    { id: 'form:9999', statusCode: 404 },
    { id: 'form:1003', statusCode: 404 },
    { id: 'list:1' },
  ],
  refusedConnectMessage: /did not accept this API secret/,
  // Kit's 429 carries no Retry-After: the client waits a minute.
  rateLimited: { statusCode: 429, retryAfterMs: 60_000 },
  outage: { status: 503, body: { error: 'Service Unavailable', message: 'Down for maintenance' } },
});

describe('ConvertKit: its own ways', () => {
  let fake: ConvertKitFake;
  let settings: ServiceSettings;
  let credentials: ConvertKitCredentials;
  const context = () => recordingContext(settings, credentials).context;
  beforeEach(async () => {
    fake = await startConvertKitFake();
    settings = readServiceSettings('convertkit', fake.env);
    credentials = await convertKitClient.connect(connectContextFor(settings), fake.demoCredentials);
  });
  afterEach(() => fake.close());

  it('stores the API secret as it was typed', () => {
    expect(credentials).toEqual({ apiSecret: fake.demoCredentials.apiKey });
  });

  it('creates each tag once, however many leads carry it', async () => {
    await convertKitClient.subscribe(context(), 'form:1001', FIRST_LEAD);
    await convertKitClient.subscribe(context(), 'form:1001', { ...FIRST_LEAD, email: 'bo@example.com' });
    const tagTargets = (await convertKitClient.listTargets(context())).filter((target) =>
      target.id.startsWith('tag:'),
    );
    expect(tagTargets.filter((target) => target.displayName === 'Tag: outcome: Explorer')).toHaveLength(1);
  });

  it('subscribes to a sequence and to a tag, with the lead tags on the tag target too', async () => {
    await convertKitClient.subscribe(context(), 'sequence:2002', { ...FIRST_LEAD, email: 'seq@example.com' });
    expect(fake.contacts().find((contact) => contact.email === 'seq@example.com')?.targetIds).toContain(
      'sequence:2002',
    );
    await convertKitClient.subscribe(context(), 'tag:3001', {
      ...FIRST_LEAD,
      email: 'tagged@example.com',
      name: null,
    });
    const tagged = fake.contacts().find((contact) => contact.email === 'tagged@example.com');
    expect(tagged?.name).toBeNull();
    expect(tagged?.tags).toEqual(expect.arrayContaining(['Customers', 'quizbeam', 'outcome: Explorer']));
  });
});
