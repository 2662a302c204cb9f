import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { LeadForDelivery } from '../leadPayload';
import type { StoredLeadMeasurement } from './conversionSenderLead';
import { GA4_LIMITS, type Ga4Payload } from './ga4MeasurementClient';
import { hashedCustomerData, type MetaServerEvent, sha256Hex } from './metaConversionsClient';

/*
 * A lead as each platform's event: Meta's `Lead` and GA4's `generate_lead`, under the event id the page's own
 * browser event carried (`lead.<visit id>` when the page sent none), so each platform counts one lead.
 */

const visitIdOf = (lead: LeadForDelivery): string => lead.conversion?.visitId ?? lead.id;
const measurementOf = (lead: LeadForDelivery): StoredLeadMeasurement | null =>
  lead.conversion?.measurement ?? null;

export const leadEventId = (lead: LeadForDelivery): string =>
  measurementOf(lead)?.eventId ?? `lead.${visitIdOf(lead)}`;

/** The published page the visitor answered on, as its own address reads (null when its snapshot is gone). */
export function eventSourceUrlOf(lead: LeadForDelivery, publishUrl: string): string | null {
  const at = lead.conversion?.publishedAt;
  return at ? publishedQuizUrl(publishUrl, at.host, at.slug) : null;
}

export function metaLeadEvent(lead: LeadForDelivery, eventSourceUrl: string | null): MetaServerEvent {
  const measurement = measurementOf(lead);
  const outcome = lead.outcome?.title.trim();
  return {
    event_name: 'Lead',
    event_time: Math.floor(lead.createdAt.getTime() / 1000),
    event_id: leadEventId(lead),
    action_source: 'website',
    ...(eventSourceUrl ? { event_source_url: eventSourceUrl } : {}),
    user_data: {
      ...hashedCustomerData({
        email: lead.email,
        phone: lead.fields.phone,
        name: lead.name,
        externalId: visitIdOf(lead),
      }),
      ...(measurement?.userAgent ? { client_user_agent: measurement.userAgent } : {}),
      ...(measurement?.fbp ? { fbp: measurement.fbp } : {}),
      ...(measurement?.fbc ? { fbc: measurement.fbc } : {}),
    },
    custom_data: {
      content_name: lead.quizName ?? 'Quiz',
      ...(outcome ? { content_category: outcome } : {}),
      value: lead.score,
    },
  };
}

/** A client id of GA's own shape (`<number>.<seconds>`), the same for every attempt of the lead. */
function derivedClientId(lead: LeadForDelivery): string {
  const number = Number.parseInt(sha256Hex(visitIdOf(lead)).slice(0, 8), 16);
  return `${number}.${Math.floor(lead.createdAt.getTime() / 1000)}`;
}

const cut = (text: string) => text.slice(0, GA4_LIMITS.valueLength);

/**
 * The lead as GA4's recommended `generate_lead`, for the visitor's own client id (and session) when the page
 * read them. A lead older than GA4 takes an event time for is sent without one (GA4 then uses the time it
 * arrives), so a late resend still counts.
 */
export function ga4LeadPayload(lead: LeadForDelivery, now: Date): Ga4Payload {
  const measurement = measurementOf(lead);
  const consent = measurement?.consent === 'denied' ? 'DENIED' : 'GRANTED';
  const outcome = lead.outcome?.title.trim();
  // A margin of an hour, so that an attempt that waits in the queue is not refused for its age.
  const recent = now.getTime() - lead.createdAt.getTime() < GA4_LIMITS.maxAgeMs - 60 * 60 * 1000;
  return {
    client_id: measurement?.gaClientId ?? derivedClientId(lead),
    ...(recent ? { timestamp_micros: lead.createdAt.getTime() * 1000 } : {}),
    consent: { ad_user_data: consent, ad_personalization: consent },
    events: [
      {
        name: 'generate_lead',
        params: {
          quiz_id: lead.quizId,
          ...(outcome ? { outcome: cut(outcome) } : {}),
          score: lead.score,
          ...(measurement?.gaSessionId ? { session_id: measurement.gaSessionId } : {}),
          engagement_time_msec: 1,
        },
      },
    ],
  };
}
