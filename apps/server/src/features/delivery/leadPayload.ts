import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { DeliveredAnswer, LeadCreatedPayload } from '@quizbeam/contracts/webhooks';
import type { LeadFieldsForDelivery } from './deliveredLeadFields';
import { type UrlFieldsForDelivery, utmOfUrlFields } from './deliveredUrlFields';
import type { LeadConversionContext } from './senders/conversionSenderLead';

/** What a destination learns about a lead: the worker builds it from the lead row and the snapshot's outcome. */
export interface LeadForDelivery {
  id: string;
  quizId: string;
  quizName: string | null;
  email: string;
  name: string | null;
  /** The title with its shortcodes filled with the lead's result (taken out for general quizzes). */
  outcome: { id: number; title: string } | null;
  quizType: 'general' | 'scored';
  score: number;
  /** The score as a whole percentage of the most the version allowed (0 for general quizzes). */
  percent: number;
  /** In the order answered, with the labels of the version the visitor answered (never blank). */
  answers: DeliveredAnswer[];
  /** A scored quiz's categories as the lead scored them ([] without categories). */
  categories: CategoryScore[];
  /** The capture form's own fields the visitor filled in, with where the version mapped them. */
  fields: LeadFieldsForDelivery;
  /**
   * The URL fields the lead kept (utm_source, gclid, ref…) by name: its version's fields in their order, then
   * any other in name order.
   */
  urlFields: UrlFieldsForDelivery['urlFields'];
  /** The URL fields the version mapped to an email service's fields and to a pasted HTML form's fields. */
  mappedUrlFields: UrlFieldsForDelivery['mappedUrlFields'];
  consent: boolean;
  /** The confirmation text the visitor saw, or null when the form had none. */
  consentText: string | null;
  createdAt: Date;
  /** What server-side conversions need; set by loadLeadsForDelivery, absent on samples. */
  conversion?: LeadConversionContext;
}

/** The body of every webhook delivery (and of "Send test"), as `leadCreatedPayloadSchema` declares it. */
export function leadCreatedPayload(lead: LeadForDelivery): LeadCreatedPayload {
  const createdAt = lead.createdAt.toISOString();
  return {
    type: 'lead.created',
    timestamp: createdAt,
    data: {
      leadId: lead.id,
      quizId: lead.quizId,
      quizName: lead.quizName,
      email: lead.email,
      name: lead.name,
      outcome: lead.outcome,
      score: lead.score,
      percent: lead.percent,
      answers: lead.answers,
      categories: lead.categories,
      fields: lead.fields.byKey,
      utm: utmOfUrlFields(lead.urlFields),
      urlFields: lead.urlFields,
      consent: lead.consent,
      consentText: lead.consentText,
      createdAt,
    },
  };
}
