import type { ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import type { LeadForDelivery } from '../features/delivery/leadPayload';
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
export const leadToDeliver: LeadForDelivery = {
  id: '11111111-1111-4111-8111-111111111111',
  quizId: '22222222-2222-4222-8222-222222222222',
  quizName: 'Which plan fits you?',
  email: 'ana+quiz@example.com',
  name: 'Ana María',
  outcome: { id: 3, title: 'The Planner' },
  quizType: 'scored',
  score: 7,
  answers: [
    { questionId: 1, question: 'How do you plan?', answerId: 2, answer: 'Weekly' },
    { questionId: 4, question: 'Your desk', answerId: 9, answer: 'Image 2 (desk.jpg)' },
  ],
  utm: { utm_source: 'newsletter' },
  consent: true,
  consentText: 'I agree to receive emails.',
  createdAt: new Date('2025-03-01T11:59:00Z'),
};

export const noWebhooks: LoadWebhook = async () => null;
