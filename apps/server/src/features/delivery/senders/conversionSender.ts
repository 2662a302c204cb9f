import type { Database } from '@quizbeam/db/database';
import { z } from 'zod';
import type { Config } from '../../../config/env';
import type { OutboundHttpClient } from '../../../outbound/guardedHttpClient';
import type { SecretBox } from '../../../security/secretBox';
import { type ConversionApiTarget, findConversionApiTarget } from '../../conversionApis/conversionApiRecords';
import { type ClassifiedAttempt, excerpt, permanentWithoutRequest } from './classifyAttempt';
import { eventSourceUrlOf, ga4LeadPayload, metaLeadEvent } from './conversionSenderEvents';
import { ga4PayloadProblems, sendGa4Payload } from './ga4MeasurementClient';
import { META_MAX_EVENT_AGE_MS, sendMetaEvents } from './metaConversionsClient';
import type { DestinationSender } from './sendDelivery';

/** `lead_deliveries.destination` for `conversion`: only the id; the IDs and secret are read at each attempt. */
export const conversionDestinationSchema = z.object({ conversionApiId: z.uuid() });

export const CONVERSION_API_DELETED_TEXT = 'This conversion API was deleted.';
export const UNREADABLE_CONVERSION_SECRET_TEXT =
  "The conversion API's saved token or secret can no longer be read: paste it again in Integrations, then resend.";
export const metaEventTooOldText = (days: number) =>
  `Meta takes events up to 7 days old; this lead is ${days} days old, so it was not sent.`;

export interface ConversionSenderDeps {
  db: Database;
  secretBox: SecretBox;
  http: OutboundHttpClient;
  config: Pick<Config, 'publishUrl' | 'conversionApis'>;
}

async function loadTarget(
  deps: ConversionSenderDeps,
  accountId: string,
  id: string,
): Promise<ConversionApiTarget | ClassifiedAttempt> {
  try {
    return (
      (await findConversionApiTarget(deps.db, accountId, id)) ??
      permanentWithoutRequest(CONVERSION_API_DELETED_TEXT)
    );
  } catch (error) {
    // The database may be back on the next attempt.
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ...permanentWithoutRequest(excerpt(`Could not read the conversion API: ${detail}`)),
      outcome: 'retry',
    };
  }
}

/**
 * Delivers `conversion` deliveries: the lead as Meta's `Lead` event or GA4's `generate_lead`, to the account's
 * conversion API as it is at this attempt (an edited token or ID applies to retries and resends; a deleted
 * one fails the delivery). What the platform cannot take (an event too old for Meta, a payload past GA4's
 * limits) fails without a request.
 */
export function createConversionSender(deps: ConversionSenderDeps): DestinationSender {
  const { conversionApis: endpoints, publishUrl } = deps.config;
  return async (delivery, lead, now) => {
    const destination = conversionDestinationSchema.safeParse(delivery.destination);
    if (!destination.success)
      return permanentWithoutRequest('The conversion API of this delivery is not named.');
    const target = await loadTarget(deps, delivery.accountId, destination.data.conversionApiId);
    if ('outcome' in target) return target;
    let secret: string;
    try {
      secret = deps.secretBox.open(target.secretEncrypted);
    } catch {
      return permanentWithoutRequest(UNREADABLE_CONVERSION_SECRET_TEXT);
    }

    if (target.platform === 'meta') {
      const age = now.getTime() - lead.createdAt.getTime();
      if (age > META_MAX_EVENT_AGE_MS)
        return permanentWithoutRequest(metaEventTooOldText(Math.floor(age / 86_400_000)));
      const event = metaLeadEvent(lead, eventSourceUrlOf(lead, publishUrl));
      const dataset = {
        pixelId: target.platformId,
        accessToken: secret,
        testEventCode: target.testEventCode,
      };
      const settings = { graphUrl: endpoints.metaGraphUrl, graphVersion: endpoints.metaGraphVersion };
      return (await sendMetaEvents(deps.http, settings, dataset, [event], now)).attempt;
    }

    const payload = ga4LeadPayload(lead, now);
    const problems = ga4PayloadProblems(payload, now.getTime());
    if (problems.length > 0)
      return permanentWithoutRequest(excerpt(`GA4 would drop this event: ${problems.join(' ')}`));
    const stream = { measurementId: target.platformId, apiSecret: secret };
    return sendGa4Payload(deps.http, endpoints.ga4Url, stream, payload, now);
  };
}
