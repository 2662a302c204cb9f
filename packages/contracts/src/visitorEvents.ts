import { z } from 'zod';
import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from './emailAddress';
import { endpoint } from './endpoint';
import { LEAD_EMAIL_MAX_LENGTH, LEAD_NAME_MAX_LENGTH, LEAD_PAGE_URL_MAX_LENGTH } from './leadFields';
import { leadFieldValuesSchema } from './leadFormFields';
import { leadMeasurementSchema, urlFieldNameSchema } from './measurement';
import { childIdSchema, imageVariantSchema } from './quiz';
import {
  MAX_ANSWERS_PER_QUESTION,
  MAX_TEXT_ANSWER_LENGTH,
  MAX_URL_FIELDS,
  NUMBER_INPUT_LIMIT,
} from './quizConstants';
import type { QuestionResponse } from './responses';

/*
 * The small public API a published page calls on its own origin (PUBLISH_URL or a custom domain).
 * Paths start with /_q/, which no published slug can take. The browser never sends a result: the
 * server recomputes the outcome and the score from the answers with the quiz engine.
 */

const visitId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'visitId must be 16 to 64 URL-safe characters');
const snapshotId = z.uuid();
const childId = childIdSchema;

/** One question's response (see `responses.ts`): a choice, several choices, a value or a text. */
export const answeredSchema = z.union([
  z.object({ questionId: childId, answerId: childId }),
  z.object({ questionId: childId, answerIds: z.array(childId).min(1).max(MAX_ANSWERS_PER_QUESTION) }),
  z.object({ questionId: childId, value: z.number().min(-NUMBER_INPUT_LIMIT).max(NUMBER_INPUT_LIMIT) }),
  z.object({ questionId: childId, text: z.string().max(MAX_TEXT_ANSWER_LENGTH) }),
]);
export type Answered = QuestionResponse;

/** A UTM value as analytics keep it: the page's utm_source or utm_campaign, trimmed to 100 characters. */
const utmValue = z.string().max(100).optional();

/**
 * visit: the page was shown (with the page address's utm_source and utm_campaign); start: the first question
 * was shown; shown: a question was shown (again after Back, too); answer: an answer was chosen; capture: the
 * capture form was shown. Completions and leads are recorded by their own calls.
 */
/**
 * The quiz's URL fields as the visit's address had them, each cut to 100 characters for analytics (the lead
 * keeps them whole, up to 500).
 */
const visitUrlFields = z
  .record(urlFieldNameSchema, z.string().max(100))
  .refine((values) => Object.keys(values).length <= MAX_URL_FIELDS)
  .optional();

export const visitorEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('visit'),
    utmSource: utmValue,
    utmCampaign: utmValue,
    urlFields: visitUrlFields,
  }),
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('shown'), questionId: childId }),
  /** A response: exactly one of answerId (a choice), answerIds (several), value (rating, number) or text. */
  z
    .object({
      type: z.literal('answer'),
      questionId: childId,
      answerId: childId.optional(),
      answerIds: z.array(childId).min(1).max(MAX_ANSWERS_PER_QUESTION).optional(),
      value: z.number().min(-NUMBER_INPUT_LIMIT).max(NUMBER_INPUT_LIMIT).optional(),
      text: z.string().max(MAX_TEXT_ANSWER_LENGTH).optional(),
    })
    .refine(
      (event) =>
        [event.answerId, event.answerIds, event.value, event.text].filter((part) => part !== undefined)
          .length === 1,
      'An answer event carries exactly one of answerId, answerIds, value or text.',
    ),
  z.object({ type: z.literal('capture') }),
]);
export type VisitorEvent = z.infer<typeof visitorEventSchema>;

/** POST /_q/events → 202 {}. Sent with navigator.sendBeacon or fetch keepalive. */
export const visitorEventsBodySchema = z.object({
  snapshotId,
  visitId,
  events: z.array(visitorEventSchema).min(1).max(50),
});
export type VisitorEventsBody = z.infer<typeof visitorEventsBodySchema>;

/** POST /_q/complete: the answers in the order given (the path through the flow). */
export const visitorCompleteBodySchema = z.object({
  snapshotId,
  visitId,
  answers: z.array(answeredSchema).min(1).max(500),
});
export type VisitorCompleteBody = z.infer<typeof visitorCompleteBodySchema>;

/**
 * The outcome a visitor is shown, ready to display: the page never holds the quiz's outcomes. Texts are plain
 * (the page escapes them) except `descriptionHtml`, already sanitized (a small allow-list of formatting tags);
 * the description is the one chosen for this visitor, and [[score]] and [[maxScore]] are filled in. URLs are
 * absolute http(s) (mailto too for the CTA). A redirect's title is shown only by the editor's preview.
 */
export const visitorOutcomeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    title: z.string(),
    descriptionHtml: z.string(),
    imageUrl: z.string().nullable(),
    /** The image's resized copies (http(s) only), when it has any: the picture's `srcset`. */
    imageVariants: z.array(imageVariantSchema).optional(),
    /** Whether the share links are shown (they name this title, the quiz and the page's address). */
    shareable: z.boolean(),
    cta: z.object({ text: z.string(), url: z.string() }).nullable(),
  }),
  z.object({ type: z.literal('redirect'), title: z.string(), url: z.string() }),
]);
export type VisitorOutcome = z.infer<typeof visitorOutcomeSchema>;

/**
 * What complete and lead answer: the outcome the server computed (its id, the score, which description it
 * chose) and that outcome as the visitor sees it.
 */
export const categoryScoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  maxScore: z.number().int(),
  percent: z.number().int(),
});

export const visitorResultSchema = z.object({
  outcomeId: z.number().int().nullable(),
  score: z.number().int(),
  maxScore: z.number().int(),
  /** score / maxScore as a whole percentage (scored quizzes; 0 otherwise). */
  percent: z.number().int(),
  /** Scored quizzes with categories: each category's score, in the quiz's category order. */
  categories: z.array(categoryScoreSchema),
  /** Whether the outcome page shows a bar per category. */
  showCategoryBars: z.boolean(),
  descriptionIndex: z.number().int().min(0),
  outcome: visitorOutcomeSchema,
});
export type VisitorResult = z.infer<typeof visitorResultSchema>;

/**
 * POST /_q/leads: the capture form. The lead is committed before the 2xx. `pageUrl` is the page's
 * address as the visitor saw it (its utm_* parameters are kept); `consentText` is the checkbox text shown.
 */
export const visitorLeadBodySchema = visitorCompleteBodySchema.extend({
  email: z
    .string()
    .max(LEAD_EMAIL_MAX_LENGTH)
    .transform((text, context) => {
      const address = normalizeEmailAddress(text);
      if (address === null) context.addIssue({ code: 'custom', message: INVALID_EMAIL_TEXT });
      return address ?? text;
    }),
  name: z.string().trim().max(LEAD_NAME_MAX_LENGTH).nullable(),
  consent: z.boolean(),
  pageUrl: z.string().max(LEAD_PAGE_URL_MAX_LENGTH),
  /** The capture form's other fields by field id (see `leadFormFields.ts`); checked against the quiz's fields. */
  fields: leadFieldValuesSchema.optional(),
  /**
   * The quiz's URL fields as the page's address (or the embedding page's) had them. Generous on purpose: the
   * server keeps only the quiz's own names, the first 20, each cut to 500 characters, so the lead is stored.
   */
  urlFields: z
    .record(z.string().max(100), z.string().max(5000))
    .refine((values) => Object.keys(values).length <= 200, 'At most 200 URL fields.')
    .optional(),
  /** The names of the values the page already cut to 500 characters. */
  urlFieldsCut: z.array(z.string().max(100)).max(200).optional(),
  /** For server-side conversions: the browser event's id, the platforms' browser ids and the consent. */
  measurement: leadMeasurementSchema.optional(),
});
export type VisitorLeadBody = z.infer<typeof visitorLeadBodySchema>;

export const visitorEventsEndpoint = endpoint({
  method: 'POST',
  path: '/_q/events',
  access: 'public',
  site: 'published',
  summary: 'Record what a visitor did (batched; answered 202 once queued)',
  body: visitorEventsBodySchema,
  successStatus: 202,
  response: z.object({}),
});

export const visitorCompleteEndpoint = endpoint({
  method: 'POST',
  path: '/_q/complete',
  access: 'public',
  site: 'published',
  summary: "A finished visit without a lead: the server's result",
  body: visitorCompleteBodySchema,
  response: visitorResultSchema,
});

export const visitorLeadEndpoint = endpoint({
  method: 'POST',
  path: '/_q/leads',
  access: 'public',
  site: 'published',
  summary: "The capture form: the lead is stored before the answer, which is the server's result",
  body: visitorLeadBodySchema,
  response: visitorResultSchema,
});
