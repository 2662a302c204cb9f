import { autoresponderServiceNames, isApiKeyService, OAUTH_SERVICES } from '@quizbeam/contracts/integrations';
import { autoresponderServices } from '@quizbeam/db/integrationsSchema';
import { describe, expect, it } from 'vitest';
import { AUTORESPONDER_CLIENTS } from './clientRegistry';
import { readServiceSettings } from './serviceSettings';

describe('the service registry', () => {
  it('has one client per service the contracts and the database know, each connecting as the contracts say', () => {
    expect([...autoresponderServices]).toEqual([...autoresponderServiceNames]);
    for (const service of autoresponderServiceNames) {
      const client = AUTORESPONDER_CLIENTS[service];
      expect(client.service).toBe(service);
      expect(client.auth).toBe(isApiKeyService(service) ? 'apikey' : 'oauth');
      expect(client.auth === 'oauth').toBe((OAUTH_SERVICES as readonly string[]).includes(service));
    }
  });

  it('reads every URL from the environment, defaulting to the real service', () => {
    expect(readServiceSettings('aweber', {})).toMatchObject({
      apiUrl: 'https://api.aweber.com/1.0',
      tokenUrl: 'https://auth.aweber.com/oauth2/token',
      clientId: null,
    });
    expect(
      readServiceSettings('aweber', {
        AWEBER_API_URL: 'http://127.0.0.1:4102/1.0/',
        AWEBER_CLIENT_ID: 'app',
        AWEBER_REQUESTS_PER_SECOND: '7',
      }),
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4102/1.0', clientId: 'app', requestsPerSecond: 7 });
  });
});
