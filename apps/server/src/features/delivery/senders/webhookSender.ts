import type { LeadCreatedPayload } from '@quizbeam/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import type { OutboundHttpClient, OutboundResponse } from '../../../outbound/guardedHttpClient';

export interface WebhookEndpoint {
  url: string;
  /** `whsec_…`, as Standard Webhooks libraries take it. */
  secret: string;
}

/**
 * A JSON POST signed the Standard Webhooks way. The delivery's idempotency key is the message id, so every
 * retry carries the same `webhook-id` (and `Idempotency-Key`) and the receiver can drop repeats; the
 * timestamp is the attempt's, as the scheme's replay window requires.
 */
export async function sendToWebhook(
  http: OutboundHttpClient,
  endpoint: WebhookEndpoint,
  payload: LeadCreatedPayload,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<OutboundResponse> {
  const body = JSON.stringify(payload);
  const signature = new Webhook(endpoint.secret).sign(idempotencyKey, now, body);
  return http.request({
    url: endpoint.url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': idempotencyKey,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      'idempotency-key': idempotencyKey,
    },
    body,
    redirects: 'method-preserving',
  });
}
