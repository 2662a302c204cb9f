import { createHash } from 'node:crypto';
import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import { newToken } from '../../shared/secureTokens';
import { readServiceSettings } from './autoresponders/serviceSettings';
import { assertRoomForConnection, ownedConnection } from './connectionRecords';
import { type IntegrationDeps, nowOf } from './integrationDeps';
import { assertOAuthConfigured, oauthClientOf } from './oauthClients';
import { storeOAuthState } from './oauthStates';

export interface OAuthStart {
  userId: string;
  accountId: string;
  sessionTokenHash: string;
  service: AutoresponderService;
  /** Reconnect this connection instead of adding one. */
  connectionId: string | null;
  redirectUri: string;
}

const pkceChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The service's authorize URL for a round trip bound to this session: a random single-use state (stored
 * as its hash, expiring in 10 minutes) and, where the service takes one, a PKCE challenge whose verifier
 * is kept sealed until the callback.
 */
export async function startOAuth(
  deps: IntegrationDeps,
  start: OAuthStart,
): Promise<{ url: string; redirectUrlWithoutExtraParameters: string }> {
  const client = oauthClientOf(start.service, deps.clients);
  const settings = readServiceSettings(start.service, deps.env);
  assertOAuthConfigured(start.service, settings);
  if (start.connectionId) await ownedConnection(deps.db, start.accountId, start.service, start.connectionId);
  else await assertRoomForConnection(deps.db, start.accountId);

  const state = newToken();
  const codeVerifier = client.pkce ? newToken() : null;
  await storeOAuthState(
    deps.db,
    {
      state,
      sessionTokenHash: start.sessionTokenHash,
      userId: start.userId,
      accountId: start.accountId,
      service: start.service,
      connectionId: start.connectionId,
      codeVerifierEncrypted: codeVerifier ? deps.secretBox.seal(codeVerifier) : null,
    },
    nowOf(deps),
  );
  const url = client.authorizeUrl(settings, {
    state,
    redirectUri: start.redirectUri,
    ...(codeVerifier ? { codeChallenge: pkceChallengeOf(codeVerifier) } : {}),
  });
  return { url, redirectUrlWithoutExtraParameters: start.redirectUri };
}
