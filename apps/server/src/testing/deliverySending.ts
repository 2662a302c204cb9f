import type { ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import type { LoadWebhook } from '../features/delivery/senders/webhookLoader';
import { createGuardedHttpClient, type OutboundHttpClient } from '../outbound/guardedHttpClient';
import { type ReceivedRequest, startTestHttpServer, type TestHttpServer } from './httpServer';

/**
 * Receivers on 127.0.0.1 and guarded clients allowed to reach them, for tests that send one delivery;
 * both are closed after each test.
 */
export function useDeliveryReceivers() {
  const servers: TestHttpServer[] = [];
  const clients: OutboundHttpClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return {
    async endpoint(handler: (request: ReceivedRequest, response: ServerResponse) => void) {
      const server = await startTestHttpServer(handler);
      servers.push(server);
      return server;
    },
    httpAllowing(server: TestHttpServer | null, timeoutMs?: number) {
      const client = createGuardedHttpClient({
        allowedHosts: server ? [{ host: '127.0.0.1', port: server.port }] : [],
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      clients.push(client);
      return client;
    },
  };
}

export const DELIVERY_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

/** A scored quiz's lead with an image answer, a UTM source and consent. */
export const noWebhooks: LoadWebhook = async () => null;
