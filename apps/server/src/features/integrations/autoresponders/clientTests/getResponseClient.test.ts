import { describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectByConsent, recordingContext } from '../../../../testing/autoresponderClients';
import { startGetResponseFake } from '../../fakes/autoresponders/getResponseFake';
import { startFakeServer } from '../../fakes/fakeHttp';
import { readServiceSettings } from '../serviceSettings';
import { getResponseClient } from '../services/getresponse/getResponseClient';

describeAutoresponderClientBehaviour('GetResponse', {
  client: getResponseClient,
  startFake: startGetResponseFake,
  targets: [
    { id: 'V4kqZ', displayName: 'Newsletter' },
    { id: 'p7Rt2', displayName: 'Quiz leads' },
    { id: 'Xa91c', displayName: 'Webinar sign-ups' },
  ],
  target: 'p7Rt2',
  // A GetResponse contact belongs to one campaign: on another campaign the address is another contact.
  otherTarget: null,
  // Tag names allow only letters, digits and underscores; the score goes to the built-in scoring field.
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: ['quizbeam', 'quiz_Which_traveller_are_you', 'outcome_Explorer', 'outcome_Pioneer'],
    fields: { scoring: '9' },
    targetIds: ['p7Rt2'],
  },
  // A new contact is accepted for later processing (202); an update answers the contact (200).
  subscribed: { statuses: [202, 200], excerpt: null },
  refusedAddress: { message: /^GetResponse refused the contact/, statusCode: 400 },
  unknownTargets: [{ id: 'nope', statusCode: 400 }],
  refusedConnectMessage: /^GetResponse refused the authorization/,
  // Code 1015: the client waits for X-RateLimit-Reset.
  rateLimited: { statusCode: 429, retryAfterMs: 1000 },
  outage: { status: 503, body: { httpStatus: 503, code: 1, message: 'Internal error' } },
  expiringTokens: {
    tokenOf: (credentials) => credentials,
    lapsed: (credentials) => ({ ...credentials, expiresAt: new Date(Date.now() - 1000).toISOString() }),
  },
});

describe('GetResponse: its own ways', () => {
  it('follows TotalPages across campaign pages', async () => {
    const fake = await startGetResponseFake();
    const pages: Record<string, { campaignId: string; name: string }[]> = {
      '1': [{ campaignId: 'a', name: 'First' }],
      '2': [{ campaignId: 'b', name: 'Second' }],
    };
    const standIn = await startFakeServer((request) => ({
      status: 200,
      headers: { TotalPages: '2' },
      body: pages[request.query.get('page') ?? ''] ?? [],
    }));
    try {
      const settings = readServiceSettings('getresponse', fake.env);
      const credentials = await connectByConsent(getResponseClient, settings);
      const { context } = recordingContext({ ...settings, apiUrl: `${standIn.url}/v3` }, credentials);
      expect(await getResponseClient.listTargets(context)).toEqual([
        { id: 'a', displayName: 'First' },
        { id: 'b', displayName: 'Second' },
      ]);
    } finally {
      await standIn.close();
      await fake.close();
    }
  });
});

describe('GetResponse: mapped capture form fields', () => {
  const fields = [
    { name: 'Company', value: 'Acme Ltd' },
    { name: 'r2Vn8', value: '12' },
    { name: 'budget', value: '5k' },
  ];

  it('sends custom field values by id, found by name or typed as the id, and notes a name it lacks', async () => {
    const fake = await startGetResponseFake();
    try {
      const settings = readServiceSettings('getresponse', fake.env);
      const { context } = recordingContext(settings, await connectByConsent(getResponseClient, settings));
      const created = await getResponseClient.subscribe(context, 'p7Rt2', { ...FIRST_LEAD, fields });
      expect(created.notes).toEqual([
        'GetResponse has no custom field named "budget": the lead was sent without it.',
      ]);
      const contactFields = () => fake.contacts().find((item) => item.email === FIRST_LEAD.email)?.fields;
      expect(contactFields()).toEqual({ scoring: '7', company: 'Acme Ltd', team_size: '12' });
      // The address is there already: the values go through the contact's custom-fields update.
      const updated = await getResponseClient.subscribe(context, 'p7Rt2', {
        ...FIRST_LEAD,
        fields: [{ name: 'company', value: 'Acme Group' }],
      });
      expect(updated.notes).toEqual([]);
      expect(contactFields()).toEqual({ scoring: '7', company: 'Acme Group', team_size: '12' });
    } finally {
      await fake.close();
    }
  });
});
