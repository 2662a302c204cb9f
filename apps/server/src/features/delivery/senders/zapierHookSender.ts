import type { Database } from '@quizbeam/db/database';
import { z } from 'zod';
import type { OutboundHttpClient } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { removeGoneZapierHook, zapierHookTarget } from '../../zapier/zapierHooks';
import { zapierLeadOf } from '../../zapier/zapierLeads';
import { type ClassifiedAttempt, classifyAttempt, permanentWithoutRequest } from './classifyAttempt';
import type { DestinationSender } from './sendDelivery';

/** `lead_deliveries.destination` for `zapier`: the subscription, read at each attempt. */
export const zapierDestinationSchema = z.object({ hookId: z.uuid() });

export const ZAP_TURNED_OFF_TEXT = 'The Zap was turned off.';
export const ZAP_GONE_TEXT = 'Zapier says the Zap was turned off (410); the hook was removed.';

const GONE = 410;

/**
 * Delivers `zapier` deliveries: the lead, as the Zapier list shows it, POSTed as JSON to the hook's target
 * URL through the guarded client. A subscription that is gone ends the delivery; a 410 from Zapier means
 * the Zap no longer listens, so the subscription is deleted and the delivery ends (REST hook convention).
 */
export function createZapierHookSender(db: Database, http: OutboundHttpClient): DestinationSender {
  return async (delivery, lead, now) => {
    const parsed = zapierDestinationSchema.safeParse(delivery.destination);
    if (!parsed.success) return permanentWithoutRequest('The Zapier hook of this delivery is not named.');
    const { hookId } = parsed.data;
    let hook: { targetUrl: string } | null;
    try {
      hook = await zapierHookTarget(db, delivery.accountId, hookId);
    } catch (error) {
      // The database may be back on the next attempt.
      const detail = error instanceof Error ? error.message : String(error);
      return { ...permanentWithoutRequest(`Could not read the Zapier hook: ${detail}`), outcome: 'retry' };
    }
    if (!hook) return permanentWithoutRequest(ZAP_TURNED_OFF_TEXT);
    let attempt: ClassifiedAttempt;
    try {
      const response = await http.request({
        url: hook.targetUrl,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': delivery.idempotencyKey },
        body: JSON.stringify(zapierLeadOf(lead)),
        redirects: 'method-preserving',
      });
      attempt = classifyAttempt(response, { redirectMeansDelivered: false, now: now.getTime() });
    } catch (error) {
      if (error instanceof OutboundError) return classifyAttempt(error, { redirectMeansDelivered: false });
      throw error;
    }
    if (attempt.statusCode !== GONE) return attempt;
    await removeGoneZapierHook(db, delivery.accountId, hookId);
    return { ...attempt, outcome: 'permanent', error: ZAP_GONE_TEXT };
  };
}
