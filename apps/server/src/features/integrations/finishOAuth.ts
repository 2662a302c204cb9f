import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';
import { AppError } from '../../shared/appError';
import { ServiceError } from './autoresponders/autoresponderClient';
import { createConnection } from './connectionRecords';
import { findConnection } from './connectionStore';
import { connectContextFor, type IntegrationDeps, nowOf } from './integrationDeps';
import { assertOAuthConfigured, oauthClientOf } from './oauthClients';
import { consumeOAuthState, type OAuthStateRow, type StateRefusal } from './oauthStates';
import { reconnect } from './reconnect';

/** What the service sent the browser back with. */
export interface OAuthCallback {
  code?: string;
  state?: string;
  error?: string;
}

export type OAuthOutcome = { connected: true } | { connected: false; reason: string };

const AGAIN = 'Please connect again.';

const refusalText: Record<StateRefusal | 'signed-out' | 'no-state', string> = {
  'signed-out': `You were signed out while connecting. Sign in and connect again.`,
  'no-state': `The service did not send back the connection request. ${AGAIN}`,
  unknown: `This connection request is not known. ${AGAIN}`,
  used: `This connection request was already used. ${AGAIN}`,
  'other-session': `This connection was started in another browser session. Connect again from this one.`,
  expired: `The connection took more than 10 minutes. ${AGAIN}`,
};

const refused = (reason: string): OAuthOutcome => ({ connected: false, reason });

function providerErrorText(service: AutoresponderService, error: string): string {
  const label = AUTORESPONDER_LABELS[service];
  if (error === 'access_denied')
    return `Access to your ${label} account was not allowed, so it was not connected.`;
  // Only a short code from the provider: its free text is not repeated on our pages.
  const code = error.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60);
  return `${label} did not connect your account (${code || 'error'}). ${AGAIN}`;
}

/**
 * The end of an OAuth round trip: the state must be this session's, unused, unexpired and for this
 * service, and is used up first whatever follows; the code is exchanged (with the PKCE verifier) and the
 * connection made, or the reconnected one given its new credentials.
 */
export async function finishOAuth(
  deps: IntegrationDeps,
  service: AutoresponderService,
  sessionTokenHash: string | null,
  callback: OAuthCallback,
  redirectUri: string,
): Promise<OAuthOutcome> {
  const client = oauthClientOf(service, deps.clients);
  if (!sessionTokenHash) return refused(refusalText['signed-out']);
  if (!callback.state)
    return refused(callback.error ? providerErrorText(service, callback.error) : refusalText['no-state']);
  const found = await consumeOAuthState(deps.db, callback.state, sessionTokenHash, service, nowOf(deps));
  if (typeof found === 'string') return refused(refusalText[found]);
  if (callback.error) return refused(providerErrorText(service, callback.error));
  if (!callback.code) return refused(`${AUTORESPONDER_LABELS[service]} sent no authorization code. ${AGAIN}`);

  const context = connectContextFor(deps, service);
  let credentials: unknown;
  try {
    assertOAuthConfigured(service, context.settings);
    credentials = await client.exchangeCode(context, {
      code: callback.code,
      redirectUri,
      ...(found.codeVerifierEncrypted
        ? { codeVerifier: deps.secretBox.open(found.codeVerifierEncrypted) }
        : {}),
    });
  } catch (error) {
    if (error instanceof ServiceError || error instanceof AppError) return refused(error.message);
    throw error;
  }
  return storeConnection(deps, found, credentials);
}

async function storeConnection(
  deps: IntegrationDeps,
  state: OAuthStateRow,
  credentials: unknown,
): Promise<OAuthOutcome> {
  if (state.connectionId) {
    const existing = await findConnection(deps.db, state.accountId, state.connectionId);
    if (!existing || existing.service !== state.service) {
      return refused(`The integration to reconnect no longer exists. Add it again.`);
    }
    await reconnect(deps, existing, credentials, state.connectionName);
    return { connected: true };
  }
  try {
    await createConnection(
      deps.db,
      deps.secretBox,
      { accountId: state.accountId, service: state.service, displayName: state.connectionName, credentials },
      nowOf(deps),
    );
  } catch (error) {
    if (error instanceof AppError) return refused(error.message);
    throw error;
  }
  return { connected: true };
}
