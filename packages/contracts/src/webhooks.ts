import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';
import { categoryScoreSchema } from './visitorEvents';

/*
 * Webhooks: an account's endpoints a lead is POSTed to as JSON, signed the Standard Webhooks way (webhook-id,
 * webhook-timestamp, webhook-signature) with a per-endpoint secret that is shown once, when made or rotated.
 */

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const WEBHOOK_NAME_REQUIRED_TEXT = 'Please enter a name for the webhook.';
export const WEBHOOK_URL_REQUIRED_TEXT = 'Please enter the webhook URL.';
export const WEBHOOK_URL_SCHEME_TEXT = 'Enter the full URL, starting with https:// or http://.';
export const WEBHOOK_URL_TOO_LONG_TEXT = 'The URL is too long: 2,048 characters at most.';
export const WEBHOOK_URL_CREDENTIALS_TEXT =
  'Remove the user name and password from the URL: each request is signed with the webhook secret instead.';

/**
 * What is wrong with a webhook URL (trimmed), or null: the builder shows it beside the field and the body
 * schema refuses the same. Private addresses are refused when a delivery connects, after DNS resolution.
 */
export function webhookUrlProblem(text: string): string | null {
  if (text === '') return WEBHOOK_URL_REQUIRED_TEXT;
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return WEBHOOK_URL_TOO_LONG_TEXT;
  if (!/^https?:\/\//i.test(text)) return WEBHOOK_URL_SCHEME_TEXT;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_URL_SCHEME_TEXT;
  }
  if (url.hostname === '') return WEBHOOK_URL_SCHEME_TEXT;
  if (url.username !== '' || url.password !== '') return WEBHOOK_URL_CREDENTIALS_TEXT;
  return null;
}

export const webhookBodySchema = z.object({
  name: z.string().trim().min(1, WEBHOOK_NAME_REQUIRED_TEXT).max(200),
  url: z
    .string()
    .trim()
    .max(MAX_WEBHOOK_URL_LENGTH, { message: WEBHOOK_URL_TOO_LONG_TEXT, abort: true })
    .superRefine((url, context) => {
      const problem = webhookUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

const answeredQuestion = {
  questionId: z.number().int(),
  /** The question's label in the version the visitor answered (never blank). */
  question: z.string(),
  /** What a person reads: the answers' labels joined with ", ", the value with its unit, or the text. */
  display: z.string(),
};

/**
 * One answer of a lead as webhooks and Zapier receive it, by the question's type: a single choice (and a
 * dropdown) keeps the `answerId` and `answer` it always had; a multi-select has `answerIds` and `answers` in
 * the question's order; a rating has its `value`; a number its `value` and `unit` ('' when none); a text
 * question its `text` ('' when an optional one was left empty).
 */
export const deliveredAnswerSchema = z.discriminatedUnion('type', [
  z.object({
    ...answeredQuestion,
    type: z.enum(['single_list', 'image_single_list', 'dropdown']),
    answerId: z.number().int(),
    answer: z.string(),
  }),
  z.object({
    ...answeredQuestion,
    type: z.enum(['multi_list', 'image_multi_list']),
    answerIds: z.array(z.number().int()),
    answers: z.array(z.string()),
  }),
  z.object({ ...answeredQuestion, type: z.literal('rating'), value: z.number() }),
  z.object({ ...answeredQuestion, type: z.literal('number_input'), value: z.number(), unit: z.string() }),
  z.object({ ...answeredQuestion, type: z.literal('text_input'), text: z.string() }),
]);
export type DeliveredAnswer = z.infer<typeof deliveredAnswerSchema>;

/** A scored quiz's category as the lead scored it; `percent` is a whole percentage of `maxScore`. */
export const deliveredCategorySchema = categoryScoreSchema;

/**
 * The capture form's own fields the visitor filled in (phone, company, website, the marketer's fields), each
 * under the key the marketer gave it: a phone in E.164, a website with its https://, a checkbox true or false.
 * An optional field left empty is absent.
 */
export const deliveredLeadFieldsSchema = z.record(z.string(), z.union([z.string(), z.boolean()]));

/**
 * The body of every webhook delivery (and of "Send test"): the Standard Webhooks shape, type then data.
 * `percent` is the score as a whole percentage of the most the version allowed (0 for general quizzes);
 * `categories` is empty unless the quiz is scored by categories.
 */
export const leadCreatedPayloadSchema = z.object({
  type: z.literal('lead.created'),
  /** When the lead was stored (ISO 8601); the same on every retry. */
  timestamp: z.string(),
  data: z.object({
    leadId: z.string(),
    quizId: z.string(),
    quizName: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
    outcome: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    score: z.number().int(),
    percent: z.number().int(),
    /** In the order answered. */
    answers: z.array(deliveredAnswerSchema),
    categories: z.array(deliveredCategorySchema),
    fields: deliveredLeadFieldsSchema,
    /** utm_source, utm_medium, utm_campaign, utm_term, utm_content when the page had them. */
    utm: z.record(z.string(), z.string()),
    /**
     * Every URL field the lead kept (the address parameters the quiz lists, such as utm_source, gclid or ref),
     * by name, in the quiz's order; each value at most 500 characters.
     */
    urlFields: z.record(z.string(), z.string()),
    consent: z.boolean(),
    consentText: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type LeadCreatedPayload = z.infer<typeof leadCreatedPayloadSchema>;

/** The secret appears in this answer only; it is stored encrypted and never sent again. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });

/** What one test delivery got back. */
export const webhookTestResultSchema = z.object({
  delivered: z.boolean(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The sample body that was posted: the shape of every lead's delivery. */
  sent: leadCreatedPayloadSchema,
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

const accountParams = z.object({ account: accountParam });
const accountWebhookParams = z.object({ account: accountParam, id: idParam });

export const listWebhooksEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/webhooks',
  access: 'user',
  summary: "The account's webhooks",
  params: accountParams,
  response: z.array(webhookSchema),
});

export const createWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/webhooks',
  access: 'user',
  summary: 'Add a webhook; answers its signing secret, once',
  params: accountParams,
  body: webhookBodySchema,
  response: webhookWithSecretSchema,
});

export const updateWebhookEndpoint = endpoint({
  method: 'PUT',
  path: '/accounts/:account/webhooks/:id',
  access: 'user',
  summary: "Change a webhook's name or URL",
  params: accountWebhookParams,
  body: webhookBodySchema,
  response: webhookSchema,
});

export const rotateWebhookSecretEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/webhooks/:id/rotate-secret',
  access: 'user',
  summary: 'Replace the signing secret; answers the new one, once',
  params: accountWebhookParams,
  response: webhookWithSecretSchema,
});

export const testWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/webhooks/:id/test',
  access: 'user',
  summary: 'Send a signed sample lead to the webhook now',
  params: accountWebhookParams,
  response: webhookTestResultSchema,
});

/** Refused with 409 `in_use` (naming the quizzes) while a quiz sends its leads there. */
export const deleteWebhookEndpoint = endpoint({
  method: 'DELETE',
  path: '/accounts/:account/webhooks/:id',
  access: 'user',
  summary: 'Delete a webhook no quiz uses',
  params: accountWebhookParams,
  response: okResponseSchema,
});
