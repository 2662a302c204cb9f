import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';
import { AppError, notFound } from '../../shared/appError';
import type { OAuthClient } from './autoresponders/autoresponderClient';
import { AUTORESPONDER_CLIENTS, type AutoresponderClients } from './autoresponders/clientRegistry';
import { envPrefix, type ServiceSettings } from './autoresponders/serviceSettings';

/** The service's OAuth client; a service that connects by API key has no OAuth calls (404). */
export function oauthClientOf(
  service: AutoresponderService,
  clients: AutoresponderClients = AUTORESPONDER_CLIENTS,
): OAuthClient<unknown> {
  const client = clients[service];
  if (client.auth !== 'oauth') throw notFound();
  return client;
}

export const notSetUpText = (service: AutoresponderService) => {
  const prefix = envPrefix(service);
  return `${AUTORESPONDER_LABELS[service]} is not set up on this server: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET.`;
};

/** OAuth needs this server registered with the service (its client id and secret). */
export function assertOAuthConfigured(service: AutoresponderService, settings: ServiceSettings): void {
  if (!settings.clientId || !settings.clientSecret)
    throw new AppError('validation_failed', notSetUpText(service));
}

/** Where the service sends the browser back; registered with the service as the redirect URI. */
export const oauthRedirectUri = (appUrl: string, basePath: string, service: AutoresponderService) =>
  `${appUrl}${basePath}/oauth/autoresponders/${service}/callback`;
