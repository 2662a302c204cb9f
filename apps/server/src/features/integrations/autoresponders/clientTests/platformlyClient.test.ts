import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectContextFor, failureOf, recordingContext } from '../../../../testing/autoresponderClients';
import { type PlatformlyFake, startPlatformlyFake } from '../../fakes/autoresponders/platformlyFake';
import { readServiceSettings, type ServiceSettings } from '../serviceSettings';
import { type PlatformlyCredentials, platformlyClient } from '../services/platformly/platformlyClient';

describeAutoresponderClientBehaviour('Platformly', {
  client: platformlyClient,
  startFake: startPlatformlyFake,
  targets: [
    { id: 'project:11', displayName: 'Project: Main Project' },
    { id: 'segment:11:101', displayName: 'Main Project / Quiz Leads' },
    { id: 'segment:11:102', displayName: 'Main Project / Newsletter' },
    { id: 'segment:11:103', displayName: 'Main Project / Customers' },
    { id: 'project:12', displayName: 'Project: Webinar Funnel' },
    { id: 'segment:12:201', displayName: 'Webinar Funnel / Registrants' },
  ],
  target: 'segment:11:103',
  otherTarget: { id: 'project:12', targetIds: ['project:11', 'project:12', 'segment:11:103'] },
  // A segment is in a project; only tags the project has are attached ("quiz: …" has none, and none can
  // be created through the API).
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: ['quizbeam', 'outcome: Explorer'],
    fields: {},
    targetIds: ['project:11', 'segment:11:103'],
  },
  subscribed: { statuses: [200, 200], excerpt: /"status":"success"/ },
  refusedAddress: { message: /^Platformly refused the contact: Invalid email address\.$/ },
  unknownTargets: [
    { id: 'project:99' },
    { id: 'segment:11:999', message: /Segment not found/ },
    { id: 'list:1' },
  ],
  refusedConnectMessage: /did not accept this API key/,
  rateLimited: { statusCode: 429, retryAfterMs: 1000 },
  outage: {
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html><body>Bad gateway</body></html>',
  },
});

describe('Platformly: its own ways', () => {
  let fake: PlatformlyFake;
  let settings: ServiceSettings;
  let credentials: PlatformlyCredentials;
  const context = () => recordingContext(settings, credentials).context;
  beforeEach(async () => {
    fake = await startPlatformlyFake();
    settings = readServiceSettings('platformly', fake.env);
    credentials = await platformlyClient.connect(connectContextFor(settings), fake.demoCredentials);
  });
  afterEach(() => fake.close());

  it('stores the API key as it was typed', () => {
    expect(credentials).toEqual({ apiKey: fake.demoCredentials.apiKey });
  });

  it('adds an existing contact to another project by updating it', async () => {
    const email = 'moved@example.com';
    await platformlyClient.subscribe(context(), 'project:11', { ...FIRST_LEAD, email, tags: [] });
    await platformlyClient.subscribe(context(), 'project:12', { ...FIRST_LEAD, email });
    const contact = fake.contacts().find((candidate) => candidate.email === email);
    expect(contact?.targetIds.sort()).toEqual(['project:11', 'project:12']);
    expect(contact?.tags).toEqual(['quizbeam']);
  });

  it('answers unauthorized for a revoked key refused with a 401 too', async () => {
    fake.revokeAll();
    fake.setAuthFailureStatus(401);
    const refused = await failureOf(platformlyClient.subscribe(context(), 'project:11', FIRST_LEAD));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.details.statusCode).toBe(401);
  });
});

describe('Platformly: mapped capture form fields', () => {
  it('sends cf_{alias}_{id} keys as typed or found by name or alias, and notes a name it lacks', async () => {
    const fake = await startPlatformlyFake();
    try {
      const settings = readServiceSettings('platformly', fake.env);
      const credentials = await platformlyClient.connect(connectContextFor(settings), fake.demoCredentials);
      const { context } = recordingContext(settings, credentials);
      const result = await platformlyClient.subscribe(context, 'segment:11:101', {
        ...FIRST_LEAD,
        fields: [
          { name: 'company', value: 'Acme Ltd' },
          { name: 'cf_teamsize_56', value: '12' },
          { name: 'Budget', value: '5k' },
        ],
      });
      expect(result.notes).toEqual([
        'Platformly has no custom field named "Budget": the lead was sent without it.',
      ]);
      expect(fake.contacts().find((item) => item.email === FIRST_LEAD.email)?.fields).toEqual({
        cf_company_55: 'Acme Ltd',
        cf_teamsize_56: '12',
      });
      await platformlyClient.subscribe(context, 'project:11', {
        ...FIRST_LEAD,
        fields: [{ name: 'Team size', value: '15' }],
      });
      expect(fake.contacts().find((item) => item.email === FIRST_LEAD.email)?.fields).toEqual({
        cf_company_55: 'Acme Ltd',
        cf_teamsize_56: '15',
      });
    } finally {
      await fake.close();
    }
  });
});
