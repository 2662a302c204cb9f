import type { Target } from '@quizbeam/contracts/integrations';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AutoresponderClient,
  ClientContext,
  ServiceError,
  ServiceErrorKind,
  SubscriberLead,
} from '../features/integrations/autoresponders/autoresponderClient';
import {
  readServiceSettings,
  type ServiceSettings,
} from '../features/integrations/autoresponders/serviceSettings';
import type { FakeResponse } from '../features/integrations/fakes/fakeHttp';
import type { FakeContact, ServiceFake } from '../features/integrations/fakes/serviceFake';
import {
  allowOnConsentPage,
  connectByConsent,
  connectContextFor,
  failureOf,
  grantConsent,
  recordingContext,
  TEST_REDIRECT_URI,
} from './autoresponderClients';

/** The first lead every service gets. */
export const FIRST_LEAD: SubscriberLead = {
  email: 'Ana.Silva@Example.com',
  name: 'Ana',
  quizName: 'Which traveller are you?',
  outcomeName: 'Explorer',
  score: 7,
  tags: ['quizbeam', 'quiz: Which traveller are you?', 'outcome: Explorer'],
  idempotencyKey: 'lead-1:destination-1',
};

/** The same person taking the quiz again: the address typed in other letters, a fuller name, another outcome. */
export const SECOND_LEAD: SubscriberLead = {
  ...FIRST_LEAD,
  email: 'ana.silva@example.com',
  name: 'Ana Maria',
  outcomeName: 'Pioneer',
  score: 9,
  tags: ['quizbeam', 'quiz: Which traveller are you?', 'outcome: Pioneer'],
  idempotencyKey: 'lead-2:destination-1',
};

/** A proxy's or a maintenance page where the API's JSON should be. */
export const HTML_PAGE: FakeResponse = {
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: '<html><body>Maintenance</body></html>',
};

/** What a test pins of a failure: its message by a pattern, its other details as they are. */
export interface ExpectedFailure {
  message?: RegExp;
  statusCode?: number;
  retryAfterMs?: number;
}

/** How one service answers the contract's calls: what its fake holds and how its client reports each case. */
export interface ClientContractSetup<Credentials> {
  client: AutoresponderClient<Credentials>;
  /** A fresh fake of the service: each test starts one and connects to it. */
  startFake(): Promise<ServiceFake>;
  /** Every target the client lists from a fresh fake, in order. */
  targets: Target[];
  /** Where the contract's leads go. */
  target: string;
  /**
   * Another target a contact already on `target` is added to, with the target ids the contact then has;
   * null where a contact belongs to one target only (a GetResponse contact is per campaign).
   */
  otherTarget: { id: string; targetIds: string[] } | null;
  /** The contact the fake holds once FIRST_LEAD, then SECOND_LEAD went to `target`. */
  contactAfterBothLeads: FakeContact;
  /** The statuses of those two subscribes as the ledger records them, and what the first one's excerpt shows. */
  subscribed: { statuses: readonly [number, number]; excerpt: RegExp | null };
  /** The refusal of an address the service does not take. */
  refusedAddress: ExpectedFailure;
  /** Targets the service does not know, or that are not the client's form of a target: each refused for good. */
  unknownTargets: (ExpectedFailure & { id: string })[];
  /** The message of a refused connect: a wrong API key, or a code the service does not exchange. */
  refusedConnectMessage: RegExp;
  /** The service's rate-limit answer as the client reports it. */
  rateLimited: ExpectedFailure & { statusCode: number; retryAfterMs: number };
  /** A 5xx as the service sends it. */
  outage: FakeResponse;
  /** OAuth services whose access tokens expire and are refreshed. */
  expiringTokens?: {
    tokenOf(credentials: Credentials): { accessToken: string; expiresAt: string | null };
    /** The credentials as stored once their expiry has passed. */
    lapsed(credentials: Credentials): Credentials;
  };
}

function expectFailure(error: ServiceError, kind: ServiceErrorKind, expected: ExpectedFailure = {}): void {
  const { message, ...details } = expected;
  expect({ kind: error.kind, message: error.message, ...error.details }).toMatchObject({
    kind,
    ...(message ? { message: expect.stringMatching(message) } : {}),
    ...details,
  });
}

/** The behaviour every email service's client has against its fake, whatever the service's wire format. */
export function describeAutoresponderClientBehaviour<Credentials>(
  name: string,
  setup: ClientContractSetup<Credentials>,
): void {
  const { client } = setup;
  let fake: ServiceFake;
  let settings: ServiceSettings;
  let credentials: Credentials;
  /** Every credentials saved through any context of the test. */
  let saved: Credentials[];

  const context = (current = credentials): ClientContext<Credentials> =>
    recordingContext(settings, current, saved).context;
  const onlySaved = (): Credentials => {
    expect(saved).toHaveLength(1);
    const [only] = saved;
    if (only === undefined) throw new Error('no credentials were saved');
    return only;
  };
  const contactsOf = (email: string) =>
    fake.contacts().filter((contact) => contact.email.toLowerCase() === email.toLowerCase());
  const connect = () =>
    client.auth === 'apikey'
      ? client.connect(connectContextFor(settings), fake.demoCredentials ?? {})
      : connectByConsent(client, settings);

  beforeEach(async () => {
    fake = await setup.startFake();
    settings = readServiceSettings(client.service, fake.env);
    saved = [];
    credentials = await connect();
  });
  afterEach(async () => {
    await fake.close();
    // Only a refreshed token is ever saved back; an API key or a token that never expires stays as stored.
    if (!setup.expiringTokens) expect(saved).toEqual([]);
  });

  describe(`${name}: connecting`, () => {
    it('connects, and stores credentials its schema reads back', async () => {
      expect(client.credentialsSchema.parse(credentials)).toEqual(credentials);
      await expect(client.checkStatus(context())).resolves.toBeUndefined();
    });

    if (client.auth === 'apikey') {
      it('refuses a wrong, blank or missing key, naming the field', async () => {
        const demo = fake.demoCredentials ?? {};
        const withoutKey = Object.fromEntries(Object.entries(demo).filter(([field]) => field !== 'apiKey'));
        const wrong = await failureOf(
          client.connect(connectContextFor(settings), { ...demo, apiKey: 'wrong' }),
        );
        expectFailure(wrong, 'permanent', { message: setup.refusedConnectMessage });
        expect(wrong.details.field).toBe('apiKey');
        for (const input of [{ ...demo, apiKey: ' ' }, { ...demo, apiKey: '' }, withoutKey]) {
          const refused = await failureOf(client.connect(connectContextFor(settings), input));
          expect({ input, kind: refused.kind, field: refused.details.field }).toEqual({
            input,
            kind: 'permanent',
            field: 'apiKey',
          });
        }
      });
    } else {
      it('sends the person to the consent page with its client id, the redirect URI and the state', async () => {
        const url = new URL(
          client.authorizeUrl(settings, { state: 'state-1', redirectUri: TEST_REDIRECT_URI }),
        );
        expect({
          clientId: url.searchParams.get('client_id'),
          responseType: url.searchParams.get('response_type'),
          redirectUri: url.searchParams.get('redirect_uri'),
          state: url.searchParams.get('state'),
        }).toEqual({
          clientId: settings.clientId,
          responseType: 'code',
          redirectUri: TEST_REDIRECT_URI,
          state: 'state-1',
        });
        expect((await allowOnConsentPage(url.toString())).state).toBe('state-1');
      });

      it('refuses a code sent with another redirect URI, a spent code and a wrong client secret', async () => {
        const exchange = (code: string, redirectUri: string, codeVerifier?: string, clientSecret?: string) =>
          client.exchangeCode(
            connectContextFor({ ...settings, clientSecret: clientSecret ?? settings.clientSecret }),
            { code, redirectUri, codeVerifier },
          );
        const grant = await grantConsent(client, settings, { state: 's', redirectUri: TEST_REDIRECT_URI });
        const otherRedirect = await failureOf(
          exchange(grant.code, `${TEST_REDIRECT_URI}/other`, grant.codeVerifier),
        );
        expectFailure(otherRedirect, 'permanent', { message: setup.refusedConnectMessage });
        // The refused exchange spent the code.
        const spent = await failureOf(exchange(grant.code, TEST_REDIRECT_URI, grant.codeVerifier));
        expectFailure(spent, 'permanent');
        const fresh = await grantConsent(client, settings, { state: 's', redirectUri: TEST_REDIRECT_URI });
        const wrongSecret = await failureOf(
          exchange(fresh.code, TEST_REDIRECT_URI, fresh.codeVerifier, 'not-the-secret'),
        );
        expectFailure(wrongSecret, 'permanent');
      });
    }
  });

  describe(`${name}: leads`, () => {
    it('checks the status and lists every target, across pages', async () => {
      await expect(client.checkStatus(context())).resolves.toBeUndefined();
      expect(await client.listTargets(context())).toEqual(setup.targets);
    });

    it('upserts the same person twice into one contact with the newer name, the tags and fields', async () => {
      const first = await client.subscribe(context(), setup.target, FIRST_LEAD);
      const again = await client.subscribe(context(), setup.target, SECOND_LEAD);
      expect([first.statusCode, again.statusCode]).toEqual(setup.subscribed.statuses);
      if (setup.subscribed.excerpt) expect(first.responseExcerpt).toMatch(setup.subscribed.excerpt);
      else expect(first.responseExcerpt).toBeNull();
      expect(contactsOf(FIRST_LEAD.email)).toEqual([setup.contactAfterBothLeads]);
    });

    it('keeps the name a contact has when a lead comes without one', async () => {
      await client.subscribe(context(), setup.target, FIRST_LEAD);
      await client.subscribe(context(), setup.target, { ...FIRST_LEAD, name: null });
      expect(contactsOf(FIRST_LEAD.email).map((contact) => contact.name)).toEqual([FIRST_LEAD.name]);
    });

    const { otherTarget } = setup;
    if (otherTarget) {
      it('adds a contact it has to another target, keeping its name and tags', async () => {
        await client.subscribe(context(), setup.target, FIRST_LEAD);
        const [before] = contactsOf(FIRST_LEAD.email);
        await client.subscribe(context(), otherTarget.id, { ...FIRST_LEAD, name: null, tags: ['quizbeam'] });
        const after = contactsOf(FIRST_LEAD.email);
        expect(after).toEqual([
          expect.objectContaining({
            name: before?.name,
            tags: expect.arrayContaining(before?.tags ?? []),
            targetIds: otherTarget.targetIds,
          }),
        ]);
      });
    }

    it('refuses an invalid address and unknown targets for good', async () => {
      const invalid = { ...FIRST_LEAD, email: 'not-an-email@x' };
      expectFailure(
        await failureOf(client.subscribe(context(), setup.target, invalid)),
        'permanent',
        setup.refusedAddress,
      );
      for (const { id, ...expected } of setup.unknownTargets) {
        const refused = await failureOf(client.subscribe(context(), id, FIRST_LEAD));
        expect({ id, kind: refused.kind }).toEqual({ id, kind: 'permanent' });
        expectFailure(refused, 'permanent', expected);
      }
    });
  });

  describe(`${name}: failures`, () => {
    it('answers unauthorized once access is revoked, and saves nothing', async () => {
      fake.revokeAll();
      expectFailure(await failureOf(client.checkStatus(context())), 'unauthorized');
      expectFailure(await failureOf(client.listTargets(context())), 'unauthorized');
      expectFailure(await failureOf(client.subscribe(context(), setup.target, FIRST_LEAD)), 'unauthorized');
      expect(saved).toEqual([]);
    });

    it('answers the rate limit as retryable, after the wait the service asks for', async () => {
      fake.setOptions({ requestsPerSecond: 1 });
      await client.checkStatus(context());
      expectFailure(await failureOf(client.checkStatus(context())), 'retryable', setup.rateLimited);
      expectFailure(
        await failureOf(client.subscribe(context(), setup.target, FIRST_LEAD)),
        'retryable',
        setup.rateLimited,
      );
    });

    it('retries an outage', async () => {
      const outage = { statusCode: setup.outage.status };
      const calls = [
        () => client.checkStatus(context()),
        () => client.listTargets(context()),
        () => client.subscribe(context(), setup.target, FIRST_LEAD),
        () => client.subscribe(context(), setup.target, { ...FIRST_LEAD, tags: [] }),
      ];
      for (const call of calls) {
        fake.answerNext(setup.outage);
        expectFailure(await failureOf(call()), 'retryable', outage);
      }
    });

    it('retries an HTML page in place of JSON', async () => {
      fake.answerNext(HTML_PAGE);
      expectFailure(await failureOf(client.checkStatus(context())), 'retryable');
      fake.answerNext(HTML_PAGE);
      expectFailure(await failureOf(client.listTargets(context())), 'retryable', {
        message: /did not answer with JSON/,
      });
      fake.answerNext(HTML_PAGE);
      expectFailure(await failureOf(client.subscribe(context(), setup.target, FIRST_LEAD)), 'retryable');
    });
  });

  const { expiringTokens } = setup;
  if (expiringTokens) {
    describe(`${name}: expiring tokens`, () => {
      it('refreshes a token the service expired, saves it and goes on', async () => {
        fake.expireTokens();
        await client.subscribe(context(), setup.target, FIRST_LEAD);
        const refreshed = onlySaved();
        expect(expiringTokens.tokenOf(refreshed).accessToken).not.toBe(
          expiringTokens.tokenOf(credentials).accessToken,
        );
        expect(contactsOf(FIRST_LEAD.email)).toHaveLength(1);
        await expect(client.checkStatus(context(refreshed))).resolves.toBeUndefined();
      });

      it('refreshes before the call when the stored expiry has passed', async () => {
        await client.checkStatus(context(expiringTokens.lapsed(credentials)));
        const expiresAt = expiringTokens.tokenOf(onlySaved()).expiresAt;
        expect(Date.parse(expiresAt ?? '')).toBeGreaterThan(Date.now());
      });
    });
  }
}
