import type { DeliveryDestinationType } from '@quizbeam/contracts/leads';
import type { OutboundHttpClient, OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { type LeadForDelivery, leadCreatedPayload } from '../leadPayload';
import { type ClassifiedAttempt, classifyAttempt, permanentWithoutRequest } from './classifyAttempt';
import { htmlFormDestinationSchema, webhookDestinationSchema } from './destinations';
import { sendToHtmlForm } from './htmlFormSender';
import { type LoadWebhook, UnreadableWebhookSecretError } from './webhookLoader';
import { sendToWebhook, type WebhookEndpoint } from './webhookSender';

export interface DeliveryToSend {
  accountId: string;
  destinationType: DeliveryDestinationType;
  /** `lead_deliveries.destination` as stored (see destinations.ts for each type's shape). */
  destination: unknown;
  idempotencyKey: string;
}

/** A destination type's sender that lives with its feature (autoresponders, Zapier hooks). */
export type DestinationSender = (
  delivery: DeliveryToSend,
  lead: LeadForDelivery,
  now: Date,
) => Promise<ClassifiedAttempt>;

export interface SendDeliveryDeps {
  http: OutboundHttpClient;
  loadWebhook: LoadWebhook;
  /** `api` deliveries: the account's connection to an email service (integrations/). */
  sendToAutoresponder?: DestinationSender;
  /** `zapier` deliveries: a Zapier REST hook subscription (zapier/). */
  sendToZapierHook?: DestinationSender;
  /** `conversion` deliveries: Meta's Conversions API or GA4's Measurement Protocol. */
  sendToConversionApi?: DestinationSender;
  /** `lead-email` deliveries: the quiz's new-lead email, through the mailer. */
  sendLeadEmail?: DestinationSender;
  /** For tests: the clock that signs webhooks and reads Retry-After dates. */
  now?: () => Date;
}

async function attempt(
  request: () => Promise<OutboundResponse>,
  redirectMeansDelivered: boolean,
  now: Date,
): Promise<ClassifiedAttempt> {
  try {
    return classifyAttempt(await request(), { redirectMeansDelivered, now: now.getTime() });
  } catch (error) {
    if (error instanceof OutboundError) return classifyAttempt(error, { redirectMeansDelivered });
    throw error;
  }
}

async function loadEndpoint(
  delivery: DeliveryToSend,
  webhookId: string,
  loadWebhook: LoadWebhook,
): Promise<WebhookEndpoint | ClassifiedAttempt> {
  try {
    const endpoint = await loadWebhook({ accountId: delivery.accountId, webhookId });
    return endpoint ?? permanentWithoutRequest('The webhook was deleted.');
  } catch (error) {
    if (error instanceof UnreadableWebhookSecretError) {
      return permanentWithoutRequest("The webhook's secret can no longer be read; rotate it, then resend.");
    }
    // The database may be back on the next attempt.
    const detail = error instanceof Error ? error.message : String(error);
    return { ...permanentWithoutRequest(`Could not read the webhook: ${detail}`), outcome: 'retry' };
  }
}

/**
 * Makes one attempt of one delivery and says what it means. Never throws for anything a destination or
 * its stored settings can cause; the worker records the result and schedules or finishes the delivery.
 */
export async function sendDelivery(
  delivery: DeliveryToSend,
  lead: LeadForDelivery,
  deps: SendDeliveryDeps,
): Promise<ClassifiedAttempt> {
  const now = deps.now?.() ?? new Date();
  switch (delivery.destinationType) {
    case 'html-form': {
      const parsed = htmlFormDestinationSchema.safeParse(delivery.destination);
      if (!parsed.success)
        return permanentWithoutRequest('The HTML form settings of this delivery are incomplete.');
      if (!parsed.data.fieldMappings.email) {
        return permanentWithoutRequest('No field of the HTML form is mapped to the email address.');
      }
      const destination = parsed.data;
      return attempt(() => sendToHtmlForm(deps.http, destination, lead), true, now);
    }
    case 'webhook': {
      const parsed = webhookDestinationSchema.safeParse(delivery.destination);
      if (!parsed.success) return permanentWithoutRequest('The webhook of this delivery is not named.');
      const endpoint = await loadEndpoint(delivery, parsed.data.webhookId, deps.loadWebhook);
      if ('outcome' in endpoint) return endpoint;
      const payload = leadCreatedPayload(lead);
      try {
        return await attempt(
          () => sendToWebhook(deps.http, endpoint, payload, delivery.idempotencyKey, now),
          false,
          now,
        );
      } catch {
        // Only a secret the signer refuses gets here; requests fail as OutboundErrors inside attempt().
        return permanentWithoutRequest(
          "The webhook's secret is not a valid signing secret; rotate it, then resend.",
        );
      }
    }
    case 'api':
      return deps.sendToAutoresponder
        ? deps.sendToAutoresponder(delivery, lead, now)
        : permanentWithoutRequest('This server does not deliver to email services.');
    case 'zapier':
      return deps.sendToZapierHook
        ? deps.sendToZapierHook(delivery, lead, now)
        : permanentWithoutRequest('This server does not deliver to Zapier.');
    case 'conversion':
      return deps.sendToConversionApi
        ? deps.sendToConversionApi(delivery, lead, now)
        : permanentWithoutRequest('This server does not deliver to conversion APIs.');
    case 'lead-email':
      return deps.sendLeadEmail
        ? deps.sendLeadEmail(delivery, lead, now)
        : permanentWithoutRequest('This server does not send new-lead emails.');
  }
}
