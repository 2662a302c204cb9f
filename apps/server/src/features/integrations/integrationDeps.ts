import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import type { ConnectContext } from './autoresponders/autoresponderClient';
import { readServiceSettings } from './autoresponders/serviceSettings';
import type { ConnectionDeps } from './connectionStore';

/** What the Integrations calls need: the database, the secret box, the guarded outbound client. */
export type IntegrationDeps = ConnectionDeps;

export const nowOf = (deps: IntegrationDeps): Date => (deps.now ? deps.now() : new Date());

/** What a client needs to connect with typed credentials or an OAuth code. */
export function connectContextFor(deps: IntegrationDeps, service: AutoresponderService): ConnectContext {
  return {
    http: deps.http,
    settings: readServiceSettings(service, deps.env),
    now: () => nowOf(deps),
  };
}
