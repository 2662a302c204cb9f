import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';
import { leadFieldKindSchema } from './leadFormFields';
import { questionTypeSchema } from './quiz';
import { categoryScoreSchema } from './visitorEvents';

/*
 * Leads, for the marketer: a quiz's leads with the state of each delivery, the attempts of a lead's
 * deliveries, Resend, deletion, the CSV export, and the account's delivery alerts. Open to every account,
 * limited ones included.
 */

export const LEADS_PAGE_SIZE = 50;
export const MAX_LEADS_PAGE_SIZE = 200;

export const deliveryStates = ['pending', 'retrying', 'delivered', 'failed', 'cancelled'] as const;
export const deliveryStateSchema = z.enum(deliveryStates);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

export const deliveryDestinationTypeSchema = z.enum([
  'html-form',
  'webhook',
  'api',
  'zapier',
  'conversion',
  'lead-email',
]);
export type DeliveryDestinationType = z.infer<typeof deliveryDestinationTypeSchema>;

export const leadDeliverySchema = z.object({
  id: z.string(),
  destinationName: z.string(),
  destinationType: deliveryDestinationTypeSchema,
  state: deliveryStateSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When the next attempt is due; null once the delivery has ended (delivered, failed or cancelled). */
  nextAttemptAt: z.string().nullable(),
});
export type LeadDelivery = z.infer<typeof leadDeliverySchema>;

/** One question a lead answered, labelled as the version of the quiz the visitor answered had it. */
export const leadAnswerSchema = z.object({
  questionId: z.number().int(),
  /** The question's label (its text, else "Question {rank}"). */
  question: z.string(),
  type: questionTypeSchema,
  /** The chosen answers' labels in the question's order: one for a single choice, several for a multi-select. */
  answers: z.array(z.string()),
  /** Rating and number questions. */
  value: z.number().optional(),
  /** Text questions ('' when an optional one was left empty). */
  text: z.string().optional(),
  /** What a person reads: the labels joined with ", ", the value with its unit, or the text. */
  display: z.string(),
});
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

/** A value the visitor gave in one of the capture form's own fields, as the field was named then. */
export const leadFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: leadFieldKindSchema,
  /** What a person reads: a phone in E.164, a website with its https://, a checkbox "Yes" or "No". */
  value: z.string(),
});
export type LeadField = z.infer<typeof leadFieldSchema>;

export const leadSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** The outcome the visitor got; its title is null when the quiz no longer has that outcome. */
  outcome: z.object({ id: z.number().int(), title: z.string().nullable() }).nullable(),
  score: z.number().int(),
  /** The score as a whole percentage of the most the version allowed (0 for general quizzes). */
  percent: z.number().int(),
  /** In the order answered. */
  answers: z.array(leadAnswerSchema),
  /** A scored quiz's categories as the lead scored them, in the quiz's order; empty without categories. */
  categories: z.array(categoryScoreSchema),
  /** The capture form's own fields the visitor filled in, in the form's order. */
  fields: z.array(leadFieldSchema),
  createdAt: z.string(),
  /** The URL field utm_source (also in `urlFields`), kept for older clients. */
  utmSource: z.string().nullable(),
  /**
   * The URL fields the lead kept (address parameters such as utm_source, gclid or ref) by name: the quiz's
   * fields in its order, then any other in name order; each value at most 500 characters.
   */
  urlFields: z.record(z.string(), z.string()),
  /** The names in `urlFields` whose values were cut to 500 characters. */
  urlFieldsCut: z.array(z.string()),
  consent: z.boolean(),
  deliveries: z.array(leadDeliverySchema),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadsPageSchema = z.object({
  leads: z.array(leadSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeadsPage = z.infer<typeof leadsPageSchema>;

export const listLeadsQuerySchema = z.object({
  /** Opaque: the position (time and id) after which the next page starts. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEADS_PAGE_SIZE).optional(),
  /** Only leads with at least one delivery in this state. */
  state: deliveryStateSchema.optional(),
});
export type ListLeadsQuery = z.infer<typeof listLeadsQuerySchema>;

export const deliveryAttemptSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  /** Null when no answer came: then `error` says why (network error, timeout, refused address…). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The first 2 KB of the answer. */
  responseExcerpt: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const leadAttemptsSchema = z.object({
  deliveries: z.array(leadDeliverySchema.extend({ attemptLog: z.array(deliveryAttemptSchema) })),
});
export type LeadAttempts = z.infer<typeof leadAttemptsSchema>;

const quizLeadsParams = z.object({ account: accountParam, id: idParam });
const quizLeadParams = z.object({ account: accountParam, id: idParam, leadId: idParam });
const quizDeliveryParams = z.object({ account: accountParam, id: idParam, deliveryId: idParam });

export const listLeadsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/leads',
  access: 'user',
  summary: "A page of the quiz's leads, newest first, with their deliveries",
  params: quizLeadsParams,
  query: listLeadsQuerySchema,
  response: leadsPageSchema,
});

export const leadAttemptsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/leads/:leadId/attempts',
  access: 'user',
  summary: "Every attempt of each of the lead's deliveries, oldest first",
  params: quizLeadParams,
  response: leadAttemptsSchema,
});

/**
 * A failed delivery starts a fresh round of retries; one waiting for its next retry is tried now; any other
 * (pending, or in a worker's hands) answers 409: it is the worker's to finish.
 */
export const resendDeliveryEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/:id/leads/deliveries/:deliveryId/resend',
  access: 'user',
  summary: 'Try a failed or waiting delivery again, now',
  params: quizDeliveryParams,
  response: leadDeliverySchema,
});

export const resendFailedDeliveriesEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/:id/leads/resend-failed',
  access: 'user',
  summary: "Try every failed delivery of the quiz's leads again, now",
  params: quizLeadsParams,
  response: z.object({ resent: z.number().int() }),
});

/** The lead's deliveries and their attempts go with it. */
export const deleteLeadEndpoint = endpoint({
  method: 'DELETE',
  path: '/accounts/:account/quizzes/:id/leads/:leadId',
  access: 'user',
  summary: 'Delete a lead with its deliveries and their attempts',
  params: quizLeadParams,
  response: okResponseSchema,
});

/**
 * A download the browser navigates to (not called with `call`): every lead of the quiz as CSV, newest
 * first, UTF-8 with a byte order mark so that Excel reads it as UTF-8; streamed.
 */
export const leadsCsvEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/leads.csv',
  access: 'user',
  summary: "The quiz's leads as a CSV file (a download)",
  params: quizLeadsParams,
  response: z.string(),
});

/**
 * The Leads CSV's first columns. Right after the five UTM columns come the quiz's other URL fields (those it
 * lists, or the defaults, in its order, less the UTM ones; then any other name its leads kept, in name
 * order), one column each, headed by the parameter's name (`gclid`, `ref`): see `leadsCsvColumnsWith`.
 * After the first columns come the capture form's own fields, one column each, headed by the field's label
 * (the latest version's; fields only older versions had follow; a checkbox reads Yes or No). Then the quiz's
 * questions, one column each, headed by the question's label (the latest published version's; questions
 * only older versions had follow): a multi-select's answers joined with "; ", a number
 * with its unit, a rating's value, the text typed. Then one column per category of a scored quiz
 * (`categoryColumn`): the lead's score there and its share of the category's maximum, "6 (75%)", as the
 * Responses CSV writes them. A lead that did not answer a question or leave a value, or answered a version
 * without the category, has an empty cell there.
 */
export const LEADS_CSV_COLUMNS = [
  'Email',
  'Name',
  'Outcome',
  'Score',
  'Time (UTC)',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'UTM Term',
  'UTM Content',
  'Consent',
  'Consent Text',
  'Deliveries',
] as const;

/** Where the quiz's other URL field columns go: right after the five UTM columns. */
export const LEADS_CSV_URL_FIELDS_AT = LEADS_CSV_COLUMNS.indexOf('UTM Content') + 1;

/** The Leads CSV's first columns with the quiz's other URL field columns in their place. */
export const leadsCsvColumnsWith = (urlFieldColumns: readonly string[]): string[] => [
  ...LEADS_CSV_COLUMNS.slice(0, LEADS_CSV_URL_FIELDS_AT),
  ...urlFieldColumns,
  ...LEADS_CSV_COLUMNS.slice(LEADS_CSV_URL_FIELDS_AT),
];

export const categoryColumn = (name: string) => `Category: ${name}`;

/** A destination whose deliveries failed for good, not dismissed since its latest failure. */
export const deliveryAlertSchema = z.object({
  destinationKey: z.string(),
  destinationName: z.string(),
  destinationType: deliveryDestinationTypeSchema,
  /** The quiz of the latest failed delivery, whose Leads tab resends it. */
  quiz: z.object({ id: z.string(), name: z.string() }),
  /** Leads whose delivery to this destination failed and waits for a Resend. */
  waitingLeads: z.number().int(),
  lastFailedAt: z.string(),
  /**
   * failed: resend from the quiz's Leads tab once fixed; reconnect: an email service connection stopped
   * working (destinationName is the connection's) and `waitingLeads` wait for a reconnect on /integrations.
   */
  reason: z.enum(['failed', 'reconnect']),
});
export type DeliveryAlert = z.infer<typeof deliveryAlertSchema>;

const accountParams = z.object({ account: accountParam });

export const listDeliveryAlertsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/delivery-alerts',
  access: 'user',
  summary: "The account's active delivery alerts",
  params: accountParams,
  response: z.array(deliveryAlertSchema),
});

/** Hides the alert until the destination fails again. */
export const dismissDeliveryAlertEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/delivery-alerts/dismiss',
  access: 'user',
  summary: 'Dismiss a delivery alert until the destination fails again',
  params: accountParams,
  body: z.object({ destinationKey: z.string().min(1).max(500) }),
  response: okResponseSchema,
});
