import { z } from 'zod';
import { quizSchema } from './quiz';

/*
 * Publishing (spec sections 2 "Publish", 4, 7). The quiz document's publishing fields:
 * - publishedId: the public path of the quiz (a short random slug, kept across Republish and Unpublish),
 * - publishedHost: the host it is published on (PUBLISH_URL's host, or one of the account's domains),
 * - isPublished: whether a snapshot is live.
 * The published URL is `{PUBLISH_URL}/{publishedId}`, or `https://{publishedHost}/{publishedId}` on a custom domain.
 */

export const publishQuizPath = (accountId: string, quizId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/quizzes/${encodeURIComponent(quizId)}/publish`;
export const unpublishQuizPath = (accountId: string, quizId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/quizzes/${encodeURIComponent(quizId)}/unpublish`;
export const previewQuizPath = (accountId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/quizzes/preview`;

/** Body of publish: the quiz being edited (saved first); its `domain` (null: our host) chooses the host. */
export const publishQuizBodySchema = quizSchema;
/** Body of unpublish: the quiz being edited (the spec sends it; the server only needs the id in the path). */
export const unpublishQuizBodySchema = quizSchema;
/** Both answer with the stored quiz, its publishing fields set. */
export const publishQuizResponseSchema = quizSchema;

export const incompleteItemSchema = z.object({
  kind: z.enum(['question', 'outcome']),
  id: z.number().int(),
  rank: z.number().int(),
  reasons: z.array(z.string()),
});
export type IncompleteItemBody = z.infer<typeof incompleteItemSchema>;

/** The 400 publish answers when the quiz is not publishable: the usual error body plus the items to complete. */
export const notPublishableBodySchema = z.object({
  error: z.string(),
  code: z.literal('validation_failed'),
  incompleteItems: z.array(incompleteItemSchema),
});

/** The editor's Preview posts a form (target: the preview iframe) with one field, `data`: the quiz as JSON. */
export const previewFormSchema = z.object({ data: z.string().min(2).max(2_000_000) });

export const PUBLISHED_SLUG_PATTERN = /^[a-z0-9]{8}$/;

export function publishedQuizUrl(
  publishUrl: string,
  publishedHost: string | null,
  publishedId: string,
): string {
  const ourHost = new URL(publishUrl).host;
  if (publishedHost === null || publishedHost === ourHost) return `${publishUrl}/${publishedId}`;
  return `https://${publishedHost}/${publishedId}`;
}

/** The script the inline embed code loads, on the quiz's own origin (our publish host or the custom domain). */
export const EMBED_SCRIPT_PATH = '/_q/embed.js';

/**
 * The inline embed code the Publish screen shows: a placeholder element and the embed script, which puts
 * the quiz in an iframe there and resizes it to its content (the quiz posts its height).
 */
export function inlineEmbedCode(quizUrl: string): string {
  const origin = new URL(quizUrl).origin;
  return `<div data-quizbeam-quiz="${quizUrl}" style="width:100%"></div>\n<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`;
}
