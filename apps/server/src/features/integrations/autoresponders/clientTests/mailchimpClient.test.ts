import { describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectByConsent } from '../../../../testing/autoresponderClients';
import { startMailchimpFake } from '../../fakes/autoresponders/mailchimpFake';
import { readServiceSettings } from '../serviceSettings';
import { mailchimpClient } from '../services/mailchimp/mailchimpClient';

describeAutoresponderClientBehaviour('Mailchimp', {
  client: mailchimpClient,
  startFake: startMailchimpFake,
  targets: [
    { id: '5d1a3f9c20', displayName: 'Newsletter' },
    { id: 'b7e4c2a918', displayName: 'Quiz Leads' },
    { id: '0c9f6d3e71', displayName: 'Customers' },
  ],
  target: 'b7e4c2a918',
  otherTarget: { id: '0c9f6d3e71', targetIds: ['b7e4c2a918', '0c9f6d3e71'] },
  // The name goes to the FNAME merge field every audience has.
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: [...FIRST_LEAD.tags, 'outcome: Pioneer'],
    fields: { FNAME: 'Ana Maria' },
    targetIds: ['b7e4c2a918'],
  },
  subscribed: { statuses: [200, 200], excerpt: /"email_address":"Ana\.Silva@Example\.com"/ },
  refusedAddress: { message: /^Mailchimp refused the address/, statusCode: 400 },
  unknownTargets: [{ id: 'nosuchlist', statusCode: 404 }],
  refusedConnectMessage: /^Mailchimp did not accept the authorization/,
  // Mailchimp's busy answer says nothing of when to come back: the client pauses 5 s.
  rateLimited: { statusCode: 429, retryAfterMs: 5000 },
  outage: { status: 503, headers: { 'content-type': 'text/html' }, body: '<html>Down</html>' },
});

describe('Mailchimp: its own ways', () => {
  it('finds the API endpoint and the data center from the token metadata', async () => {
    const fake = await startMailchimpFake();
    try {
      const credentials = await connectByConsent(mailchimpClient, readServiceSettings('mailchimp', fake.env));
      expect(credentials.apiBaseUrl).toBe(`${fake.server.url}/3.0`);
      expect(credentials.dc).toBe('fake1');
    } finally {
      await fake.close();
    }
  });
});
