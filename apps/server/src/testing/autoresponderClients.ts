import { createHash, randomBytes } from 'node:crypto';
import {
  type ClientContext,
  type ConnectContext,
  type OAuthClient,
  ServiceError,
} from '../features/integrations/autoresponders/autoresponderClient';
import type { ServiceSettings } from '../features/integrations/autoresponders/serviceSettings';
import { createGuardedHttpClient } from '../outbound/guardedHttpClient';

/**
 * The guarded client as production builds it, allowed to reach the fakes on 127.0.0.1. Left open: test files
 * share it within a worker (no isolation), and the worker's exit closes it.
 */
export const localHttp = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });

/** Where the tests' OAuth consent pages send the browser back to. */
export const TEST_REDIRECT_URI = 'https://quizbeam.test/oauth/callback';

/** The ServiceError a call fails with; throws when it succeeds or fails otherwise. */
export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

export const connectContextFor = (settings: ServiceSettings): ConnectContext => ({
  http: localHttp,
  settings,
  now: () => new Date(),
});

/**
 * A client context as the connection store builds it: credentials a client saves (a refreshed token)
 * replace the context's, and are kept in `saved` for the test to read.
 */
export function recordingContext<Credentials>(
  settings: ServiceSettings,
  credentials: Credentials,
  saved: Credentials[] = [],
): { context: ClientContext<Credentials>; saved: Credentials[] } {
  const context: ClientContext<Credentials> = {
    ...connectContextFor(settings),
    credentials,
    async saveCredentials(next) {
      saved.push(next);
      context.credentials = next;
    },
  };
  return { context, saved };
}

const decodeNumericEntities = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** Opens a fake's consent page as a browser would and follows "Allow": the code and state it sends back. */
export async function allowOnConsentPage(url: string): Promise<{ code: string; state: string | null }> {
  const page = await (await fetch(url)).text();
  const allowHref = /<a href="([^"]+)">Allow<\/a>/.exec(page)?.[1];
  if (!allowHref) throw new Error(`no Allow link in ${page.slice(0, 200)}`);
  const back = new URL(decodeNumericEntities(allowHref));
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') };
}

export interface ConsentGrant {
  code: string;
  state: string | null;
  /** The PKCE verifier the code must be exchanged with, where the client takes PKCE. */
  codeVerifier?: string;
}

/** A person clicking "Allow" on the consent page the client sends them to (with a PKCE challenge where it takes one). */
export async function grantConsent<Credentials>(
  client: OAuthClient<Credentials>,
  settings: ServiceSettings,
  input: { state: string; redirectUri: string },
): Promise<ConsentGrant> {
  if (!client.pkce) return allowOnConsentPage(client.authorizeUrl(settings, input));
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const grant = await allowOnConsentPage(client.authorizeUrl(settings, { ...input, codeChallenge }));
  return { ...grant, codeVerifier };
}

/** Connects an OAuth client the way a person does: the consent page's "Allow", then the code exchanged. */
export async function connectByConsent<Credentials>(
  client: OAuthClient<Credentials>,
  settings: ServiceSettings,
  redirectUri = TEST_REDIRECT_URI,
): Promise<Credentials> {
  const state = randomBytes(8).toString('hex');
  const grant = await grantConsent(client, settings, { state, redirectUri });
  if (grant.state !== state) throw new Error(`the consent page sent back the state ${grant.state}`);
  return client.exchangeCode(connectContextFor(settings), {
    code: grant.code,
    redirectUri,
    codeVerifier: grant.codeVerifier,
  });
}
