import type { OutboundHttpClient } from '../../outbound/guardedHttpClient';
import { OutboundError } from '../../outbound/outboundError';
import { classifyAttempt } from '../delivery/senders/classifyAttempt';
import { sendToWebhook } from '../delivery/senders/webhookSender';
import type { WebhookSender } from './sendTestDelivery';

/** The delivery worker's signed POST through the guarded client, classified the way the worker classifies it. */
export function guardedWebhookSender(http: OutboundHttpClient): WebhookSender {
  return async (target, payload, idempotencyKey) => {
    try {
      const response = await sendToWebhook(http, target, payload, idempotencyKey);
      return classifyAttempt(response, { redirectMeansDelivered: false });
    } catch (error) {
      if (error instanceof OutboundError) return classifyAttempt(error, { redirectMeansDelivered: false });
      throw error;
    }
  };
}
