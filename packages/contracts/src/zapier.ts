import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';
import {
  deliveredAnswerSchema,
  deliveredCategorySchema,
  deliveredLeadFieldsSchema,
  MAX_WEBHOOK_URL_LENGTH,
  webhookUrlProblem,
} from './webhooks';

/*
 * Zapier: the account's API key, shown on the Zapier page, and the API the Quizbeam Zapier app
 * (integrations/zapier) calls with it: an auth test, the quizzes, the latest leads, and REST hook
 * subscriptions for "new lead" that the delivery pipeline POSTs each lead to.
 */

/** The header the Zapier app sends the key in. */
export const ZAPIER_API_KEY_HEADER = 'X-API-Key';
/** Every key starts with this, so a leaked one is recognisable (secret scanners, support). */
export const ZAPIER_API_KEY_PREFIX = 'qbz_';
/** Subscriptions an account may hold: one per Zap that uses the trigger. */
export const MAX_ZAPIER_HOOKS = 100;
/** How many leads the list answers (Zapier remembers the ids it has seen). */
export const ZAPIER_LEADS_LIMIT = 50;

export const ZAPIER_KEY_COPIED_TEXT = 'API key has been copied to your clipboard.';
export const ZAPIER_TOO_MANY_HOOKS_TEXT = `This account already has ${MAX_ZAPIER_HOOKS} Zaps listening for new leads. Turn off a Zap you no longer use, then try again.`;

export const zapierApiKeySchema = z.object({ apiKey: z.string() });
export type ZapierApiKey = z.infer<typeof zapierApiKeySchema>;

/** Who the key belongs to: Zapier labels the connection with it. */
export const zapierMeSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const zapierQuizSchema = z.object({ id: z.string(), name: z.string() });

/**
 * One lead as Zapier sees it, flat so each value maps to a field in a Zap: the same object in the list
 * and in each hook delivery. `id` is the lead's id, stable, so Zapier's deduplication works.
 */
export const zapierLeadSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  quizName: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  /** The outcome's title as the visitor saw it. */
  outcome: z.string().nullable(),
  score: z.number(),
  /** The score as a whole percentage of the most the quiz allowed (0 for general quizzes). */
  percent: z.number(),
  /** In the order answered, labelled as the visitor saw them (Zapier's line items); shaped by question type. */
  answers: z.array(deliveredAnswerSchema),
  /** A scored quiz's categories as the lead scored them, in the quiz's order (line items). */
  categories: z.array(deliveredCategorySchema),
  /** The capture form's own fields by the marketer's keys, as webhooks get them. */
  fields: deliveredLeadFieldsSchema,
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  /** Every URL field the lead kept (utm_source, gclid, ref…) by name, as webhooks get them. */
  urlFields: z.record(z.string(), z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ZapierLead = z.infer<typeof zapierLeadSchema>;

export const zapierHookBodySchema = z.object({
  /** Where Zapier wants each new lead POSTed (unique per Zap). */
  targetUrl: z
    .string()
    .trim()
    .max(MAX_WEBHOOK_URL_LENGTH)
    .superRefine((url, context) => {
      const problem = webhookUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** One quiz's leads; absent or null for every quiz of the account. */
  quizId: z.uuid().nullish(),
});
export type ZapierHookBody = z.infer<typeof zapierHookBodySchema>;

const accountParams = z.object({ account: accountParam });

export const getZapierApiKeyEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/zapier/api-key',
  access: 'user',
  summary: "The account's Zapier API key (made on the first call); 404 for limited accounts",
  params: accountParams,
  response: zapierApiKeySchema,
});

export const regenerateZapierApiKeyEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/zapier/api-key/regenerate',
  access: 'user',
  summary: 'Replace the Zapier API key; the old one stops working at once',
  params: accountParams,
  response: zapierApiKeySchema,
});

export const zapierMeEndpoint = endpoint({
  method: 'GET',
  path: '/api/zapier/me',
  access: 'apiKey',
  summary: "Zapier's auth test: the key's account and its user's email",
  response: zapierMeSchema,
});

export const zapierQuizzesEndpoint = endpoint({
  method: 'GET',
  path: '/api/zapier/quizzes',
  access: 'apiKey',
  summary: "The account's quizzes, for the trigger's quiz dropdown",
  response: z.array(zapierQuizSchema),
});

export const zapierLeadsEndpoint = endpoint({
  method: 'GET',
  path: '/api/zapier/leads',
  access: 'apiKey',
  summary: `The latest ${ZAPIER_LEADS_LIMIT} leads (of one quiz, or all), newest first`,
  query: z.object({ quizId: z.uuid().optional() }),
  response: z.array(zapierLeadSchema),
});

export const createZapierHookEndpoint = endpoint({
  method: 'POST',
  path: '/api/zapier/hooks',
  access: 'apiKey',
  summary: 'Subscribe a Zap to new leads (REST hook)',
  body: zapierHookBodySchema,
  successStatus: 201,
  response: z.object({ id: z.string() }),
});

export const deleteZapierHookEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/zapier/hooks/:id',
  access: 'apiKey',
  summary: 'Unsubscribe a Zap',
  params: z.object({ id: idParam }),
  response: okResponseSchema,
});
