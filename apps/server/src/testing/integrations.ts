import {
  API_KEY_FIELDS,
  type AutoresponderService,
  connectionStatusEndpoint,
  connectionTargetsEndpoint,
  connectWithApiKeyEndpoint,
} from '@quizbeam/contracts/integrations';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { z } from 'zod';
import type {
  ApiKeyClient,
  AutoresponderClient,
  OAuthClient,
} from '../features/integrations/autoresponders/autoresponderClient';
import { insertLead, quizWithOutcomes } from './leads';
import type { SignedInAccount, TestApp } from './testApp';

/*
 * Stub clients standing in for the registry's (the test app is given these): each call goes to
 * a vi.fn a test can program, so the routes are tested without any service or fake server.
 */

export interface StubCredentials {
  token: string;
}

const credentialsSchema: z.ZodType<StubCredentials> = z.object({ token: z.string() });

export const stub = {
  connect:
    vi.fn<
      (service: AutoresponderService, input: Record<string, string | undefined>) => Promise<StubCredentials>
    >(),
  exchangeCode:
    vi.fn<
      (
        service: AutoresponderService,
        input: { code: string; redirectUri: string; codeVerifier?: string },
      ) => Promise<StubCredentials>
    >(),
  checkStatus: vi.fn<(service: AutoresponderService, credentials: StubCredentials) => Promise<void>>(),
  listTargets:
    vi.fn<
      (
        service: AutoresponderService,
        credentials: StubCredentials,
      ) => Promise<{ id: string; displayName: string }[]>
    >(),
};

/** Every stub back to working: the key or code becomes the stored token. */
export function resetStubs(): void {
  stub.connect.mockReset().mockImplementation(async (_service, input) => ({ token: input.apiKey ?? 'none' }));
  stub.exchangeCode
    .mockReset()
    .mockImplementation(async (_service, input) => ({ token: `token-for-${input.code}` }));
  stub.checkStatus.mockReset().mockResolvedValue(undefined);
  stub.listTargets.mockReset().mockResolvedValue([
    { id: 'list-1', displayName: 'Newsletter' },
    { id: 'list-2', displayName: 'Customers' },
  ]);
}

function base(service: AutoresponderService) {
  return {
    service,
    credentialsSchema,
    checkStatus: async (context: { credentials: StubCredentials }) =>
      stub.checkStatus(service, context.credentials),
    listTargets: async (context: { credentials: StubCredentials }) =>
      stub.listTargets(service, context.credentials),
    subscribe: async () => ({ statusCode: 200, responseExcerpt: null }),
  };
}

const apiKeyClient = (service: AutoresponderService): ApiKeyClient<StubCredentials> => ({
  ...base(service),
  auth: 'apikey',
  connect: async (_context, input) => stub.connect(service, input),
});

const oauthClient = (service: AutoresponderService, pkce: boolean): OAuthClient<StubCredentials> => ({
  ...base(service),
  auth: 'oauth',
  pkce,
  authorizeUrl: (settings, input) => {
    const query = new URLSearchParams({
      client_id: settings.clientId ?? '',
      state: input.state,
      redirect_uri: input.redirectUri,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
    });
    return `${settings.authorizeUrl}?${query}`;
  },
  exchangeCode: async (_context, input) => stub.exchangeCode(service, input),
});

const isApiKey = (service: AutoresponderService) => service in API_KEY_FIELDS;

/** MailChimp's stub takes PKCE, the other OAuth stubs do not. */
export const STUB_CLIENTS = Object.fromEntries(
  (
    [
      'mailchimp',
      'aweber',
      'getresponse',
      'activecampaign',
      'sendlane',
      'drip',
      'convertkit',
      'platformly',
    ] as const
  ).map((service) => [
    service,
    isApiKey(service) ? apiKeyClient(service) : oauthClient(service, service === 'mailchimp'),
  ]),
) as Record<AutoresponderService, AutoresponderClient>;

/** A lead of the account waiting (not due before 2030) for delivery through the connection. */
export async function waitingApiDelivery(
  t: TestApp,
  account: SignedInAccount,
  connectionId: string,
): Promise<string> {
  const quizId = await quizWithOutcomes(t.context.db, account);
  const leadId = await insertLead(t.context.db, account, quizId);
  const id = crypto.randomUUID();
  await t.context.db.insert(leadDeliveries).values({
    id,
    leadId,
    accountId: account.accountId,
    quizId,
    destinationType: 'api',
    destinationKey: `api:${connectionId}:list-1`,
    destinationName: 'Newsletter',
    destination: { connectionId, service: 'convertkit', targetId: 'list-1' },
    idempotencyKey: `${leadId}:${id}`,
    state: 'retrying',
    attempts: 1,
    nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
  });
  return id;
}

/* Calls the API tests make, as the builder would. */

type Body = Record<string, string>;

export const connect = (account: SignedInAccount, service: string, body: Body) =>
  account.send(connectWithApiKeyEndpoint, { params: { account: account.accountId, service }, body });

export async function connected(account: SignedInAccount, name = 'My list', apiKey = 'ck-secret-1') {
  return (await connect(account, 'convertkit', { connectionName: name, apiKey })).data();
}

export const storedRow = async (t: TestApp, id: string) =>
  (await t.context.db.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0];

export const statusOf = (account: SignedInAccount, service: string, id: string) =>
  account.send(connectionStatusEndpoint, { params: { account: account.accountId, service, id } });

export const targetsOf = (account: SignedInAccount, service: string, id: string) =>
  account.send(connectionTargetsEndpoint, { params: { account: account.accountId, service, id } });
