import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';

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

/** The secret appears in this answer only; it is stored encrypted and never sent again. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });

/** What one test delivery got back. */
export const webhookTestResultSchema = z.object({
  delivered: z.boolean(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});

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
