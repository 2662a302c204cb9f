import { describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectContextFor, failureOf } from '../../../../testing/autoresponderClients';
import {
  startActiveCampaignFake,
  startActiveCampaignFakeWith,
} from '../../fakes/autoresponders/activeCampaignFake';
import { type FakeHandler, startFakeServer } from '../../fakes/fakeHttp';
import { type ClientContext, ServiceError } from '../autoresponderClient';
import { readServiceSettings } from '../serviceSettings';
import {
  type ActiveCampaignCredentials,
  activeCampaignApiBase,
} from '../services/activecampaign/activeCampaignApi';
import { activeCampaignClient } from '../services/activecampaign/activeCampaignClient';

describeAutoresponderClientBehaviour('ActiveCampaign', {
  client: activeCampaignClient,
  startFake: startActiveCampaignFake,
  targets: [
    { id: '1', displayName: 'Master Contact List' },
    { id: '2', displayName: 'Quiz leads' },
    { id: '3', displayName: 'Customers' },
  ],
  target: '2',
  otherTarget: { id: '3', targetIds: ['2', '3'] },
  contactAfterBothLeads: {
    email: FIRST_LEAD.email,
    name: 'Ana Maria',
    tags: [...FIRST_LEAD.tags, 'outcome: Pioneer'],
    fields: {},
    targetIds: ['2'],
  },
  subscribed: { statuses: [201, 201], excerpt: /contactTag/ },
  refusedAddress: { message: /^ActiveCampaign refused the contact/, statusCode: 422 },
  unknownTargets: [{ id: '999', statusCode: 404 }],
  refusedConnectMessage: /^ActiveCampaign refused this API key/,
  rateLimited: { statusCode: 429, retryAfterMs: 1000 },
  outage: { status: 502, body: { message: 'Bad gateway' } },
});

const demoOf = (fake: { demoCredentials: Record<string, string> | null }) => fake.demoCredentials ?? {};

function contextFor(credentials: ActiveCampaignCredentials): ClientContext<ActiveCampaignCredentials> {
  return {
    ...connectContextFor(readServiceSettings('activecampaign', {})),
    credentials,
    saveCredentials: async () => {
      throw new Error('API keys are never re-saved');
    },
  };
}

/** A stand-in for the account's API answering as `handler` says (pages, refusals no fake gives). */
async function withStandIn(
  handler: FakeHandler,
  run: (credentials: ActiveCampaignCredentials) => Promise<void>,
) {
  const standIn = await startFakeServer(handler);
  try {
    await run({ apiBase: `${standIn.url}/api/3`, apiKey: 'any' });
  } finally {
    await standIn.close();
  }
}

describe('activeCampaignApiBase', () => {
  it('keeps a typed URL, adds https to a bare host and expands an account name', () => {
    const real = readServiceSettings('activecampaign', {});
    expect(activeCampaignApiBase('https://acme.api-us1.com/', real)).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignApiBase('https://acme.api-us1.com/api/3', real)).toBe(
      'https://acme.api-us1.com/api/3',
    );
    expect(activeCampaignApiBase('acme.api-us1.com', real)).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignApiBase('acme', real)).toBe('https://acme.api-us1.com/api/3');
    expect(() => activeCampaignApiBase('ftp://acme.example', real)).toThrow(ServiceError);
  });
});

describe('ActiveCampaign: its own ways', () => {
  it('stores the API base of the typed URL, with or without /api/3', async () => {
    const fake = await startActiveCampaignFake();
    try {
      const connectContext = connectContextFor(readServiceSettings('activecampaign', fake.env));
      const demo = demoOf(fake);
      const credentials = await activeCampaignClient.connect(connectContext, demo);
      expect(credentials).toEqual({ apiBase: `${demo.apiUrl}/api/3`, apiKey: demo.apiKey });
      expect(
        await activeCampaignClient.connect(connectContext, { ...demo, apiUrl: `${demo.apiUrl}/api/3/` }),
      ).toEqual(credentials);
    } finally {
      await fake.close();
    }
  });

  it('names the API URL when a refused connect comes from it', async () => {
    const fake = await startActiveCampaignFake();
    try {
      const connectContext = connectContextFor(readServiceSettings('activecampaign', fake.env));
      const demo = demoOf(fake);
      const inputs = [
        { ...demo, apiUrl: 'http://127.0.0.1:1' },
        { ...demo, apiUrl: 'https://' },
        { ...demo, apiUrl: '' },
        { ...demo, apiUrl: `${demo.apiUrl}/elsewhere` },
      ];
      for (const input of inputs) {
        const error = await failureOf(activeCampaignClient.connect(connectContext, input));
        expect({ input, field: error.details.field }).toEqual({ input, field: 'apiUrl' });
      }
    } finally {
      await fake.close();
    }
  });

  it('treats a 401 for a wrong key like a 403', async () => {
    const strict = await startActiveCampaignFakeWith({ authFailureStatus: 401 });
    try {
      const connectContext = connectContextFor(readServiceSettings('activecampaign', strict.env));
      const demo = demoOf(strict);
      const wrong = await failureOf(
        activeCampaignClient.connect(connectContext, { ...demo, apiKey: 'wrong' }),
      );
      expect(wrong.details.field).toBe('apiKey');
      const credentials = await activeCampaignClient.connect(connectContext, demo);
      strict.revokeAll();
      expect((await failureOf(activeCampaignClient.checkStatus(contextFor(credentials)))).kind).toBe(
        'unauthorized',
      );
    } finally {
      await strict.close();
    }
  });

  it('works again with the new key once the old one is revoked', async () => {
    const fake = await startActiveCampaignFake();
    try {
      const connectContext = connectContextFor(readServiceSettings('activecampaign', fake.env));
      const revoked = await activeCampaignClient.connect(connectContext, demoOf(fake));
      fake.revokeAll();
      expect((await failureOf(activeCampaignClient.checkStatus(contextFor(revoked)))).kind).toBe(
        'unauthorized',
      );
      const renewed = await activeCampaignClient.connect(connectContext, demoOf(fake));
      await expect(activeCampaignClient.checkStatus(contextFor(renewed))).resolves.toBeUndefined();
    } finally {
      await fake.close();
    }
  });

  it('follows limit/offset until meta.total', async () => {
    const all = Array.from({ length: 150 }, (_, index) => ({
      id: String(index + 1),
      name: `List ${index + 1}`,
    }));
    await withStandIn(
      (request) => {
        const offset = Number(request.query.get('offset'));
        const limit = Number(request.query.get('limit'));
        return { status: 200, body: { lists: all.slice(offset, offset + limit), meta: { total: '150' } } };
      },
      async (credentials) => {
        const targets = await activeCampaignClient.listTargets(contextFor(credentials));
        expect(targets.map((target) => target.id)).toEqual(all.map((list) => list.id));
      },
    );
  });

  it('keeps a 403 that is not about the key permanent', async () => {
    await withStandIn(
      (request) => {
        if (request.path === '/api/3/users/me') return { status: 200, body: { user: { id: '1' } } };
        if (request.path === '/api/3/contact/sync') return { status: 200, body: { contact: { id: '9' } } };
        return { status: 403, body: { message: 'This list is locked' } };
      },
      async (credentials) => {
        const error = await failureOf(
          activeCampaignClient.subscribe(contextFor(credentials), '2', FIRST_LEAD),
        );
        expect(error.kind).toBe('permanent');
        expect(error.message).toContain('This list is locked');
      },
    );
  });
});

describe('ActiveCampaign: mapped capture form fields', () => {
  it('sends fieldValues by id, found by title or personalisation tag, with the phone, and notes a name it lacks', async () => {
    const fake = await startActiveCampaignFake();
    try {
      const settings = readServiceSettings('activecampaign', fake.env);
      const credentials = await activeCampaignClient.connect(connectContextFor(settings), demoOf(fake));
      const context = { ...contextFor(credentials), settings };
      const result = await activeCampaignClient.subscribe(context, '2', {
        ...FIRST_LEAD,
        phone: '+442079460958',
        fields: [
          { name: '%COMPANY%', value: 'Acme Ltd' },
          { name: 'team size', value: '12' },
          { name: 'Budget', value: '5k' },
        ],
      });
      expect(result.notes).toEqual([
        'ActiveCampaign has no custom field named "Budget": the lead was sent without it.',
      ]);
      expect(fake.contacts().find((item) => item.email === FIRST_LEAD.email)?.fields).toEqual({
        phone: '+442079460958',
        COMPANY: 'Acme Ltd',
        TEAM_SIZE: '12',
      });
      await activeCampaignClient.subscribe(context, '2', {
        ...FIRST_LEAD,
        fields: [{ name: '1', value: 'Acme Group' }],
      });
      expect(fake.contacts().find((item) => item.email === FIRST_LEAD.email)?.fields).toMatchObject({
        COMPANY: 'Acme Group',
      });
    } finally {
      await fake.close();
    }
  });
});
