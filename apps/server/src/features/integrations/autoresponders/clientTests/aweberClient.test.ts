import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import {
  allowOnConsentPage,
  connectByConsent,
  connectContextFor,
  failureOf,
  TEST_REDIRECT_URI,
} from '../../../../testing/autoresponderClients';
import { type AweberFake, startAweberFake } from '../../fakes/autoresponders/aweberFake';
import { readServiceSettings, type ServiceSettings } from '../serviceSettings';
import { aweberClient } from '../services/aweber/aweberClient';

describeAutoresponderClientBehaviour('AWeber', {
  client: aweberClient,
  startFake: startAweberFake,
  targets: [
    { id: '6001', displayName: 'Newsletter' },
    { id: '6002', displayName: 'Quiz Leads' },
    { id: '6003', displayName: 'Webinar Signups' },
  ],
  target: '6002',
  otherTarget: { id: '6003', targetIds: ['6002', '6003'] },
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: [...FIRST_LEAD.tags, 'outcome: Pioneer'],
    fields: {},
    targetIds: ['6002'],
  },
  subscribed: { statuses: [201, 201], excerpt: /\/lists\/6002\/subscribers\/\d+$/ },
  refusedAddress: { message: /^AWeber refused the address/, statusCode: 400 },
  unknownTargets: [{ id: '999', statusCode: 404 }],
  refusedConnectMessage: /^AWeber did not accept the authorization/,
  // AWeber's throttle is a 403 "Rate Limit Error" that says nothing of when to come back.
  rateLimited: { statusCode: 403, retryAfterMs: 60_000 },
  outage: {
    status: 503,
    body: { error: { status: 503, type: 'ServiceUnavailableError', message: 'API Unavailable' } },
  },
  expiringTokens: {
    tokenOf: (credentials) => credentials,
    lapsed: (credentials) => ({ ...credentials, expiresAt: new Date(Date.now() - 1000).toISOString() }),
  },
});

describe('AWeber: its own ways', () => {
  let fake: AweberFake;
  let settings: ServiceSettings;
  beforeEach(async () => {
    fake = await startAweberFake();
    settings = readServiceSettings('aweber', fake.env);
  });
  afterEach(() => fake.close());

  it('connects with PKCE and stores the account id and the two-hour token expiry', async () => {
    const connected = await connectByConsent(aweberClient, settings);
    expect(aweberClient.pkce).toBe(true);
    expect(connected.accountId).toBe('1234567');
    const lifetimeMs = Date.parse(connected.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(110 * 60 * 1000);
    expect(lifetimeMs).toBeLessThanOrEqual(120 * 60 * 1000);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const challenge = createHash('sha256').update('the-right-verifier').digest('base64url');
    const url = aweberClient.authorizeUrl(settings, {
      state: 's',
      redirectUri: TEST_REDIRECT_URI,
      codeChallenge: challenge,
    });
    const { code } = await allowOnConsentPage(url);
    const refused = await failureOf(
      aweberClient.exchangeCode(connectContextFor(settings), {
        code,
        redirectUri: TEST_REDIRECT_URI,
        codeVerifier: 'a-wrong-verifier',
      }),
    );
    expect(refused.kind).toBe('permanent');
  });
});
