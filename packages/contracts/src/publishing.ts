import { z } from 'zod';
import { accountParam, endpoint, htmlPage, idParam } from './endpoint';
import { quizSchema } from './quiz';
import { QUIZ_PATH_PATTERN } from './quizAddress';
import { QUIZ_DOCUMENT_MAX_BYTES } from './quizConstants';

/*
 * Publishing: Publish, Republish, Unpublish and Preview. The quiz document's publishing fields:
 * - publishedId: the public path of the quiz (chosen by the marketer, see quizAddress.ts; a random one until
 *   then), kept across Republish and Unpublish,
 * - publishedHost: the host it is published on (PUBLISH_URL's host, or one of the account's domains),
 * - isPublished: whether a snapshot is live.
 * The published URL is `{PUBLISH_URL}/{publishedId}`, or `https://{publishedHost}/{publishedId}` on a custom domain.
 */

/**
 * An item the Publish screen lists with a Complete button (the quiz engine's `incompleteItems`);
 * `capture_form` is the quiz's lead capture form (id 0, rank 0).
 */
export const incompleteItemSchema = z.object({
  kind: z.enum(['capture_form', 'question', 'outcome']),
  id: z.number().int(),
  rank: z.number().int(),
  reasons: z.array(z.string()),
});
export type IncompleteItem = z.infer<typeof incompleteItemSchema>;

/** The 400 publish answers when the quiz is not publishable: the usual error body plus the items to complete. */
export const notPublishableBodySchema = z.object({
  error: z.string(),
  code: z.literal('not_publishable'),
  incompleteItems: z.array(incompleteItemSchema),
  /** Publish saved the quiz as sent: the revision it is stored under now. */
  revision: z.number().int(),
});
export type NotPublishableBody = z.infer<typeof notPublishableBodySchema>;

/** The editor's Preview posts a form (target: the preview iframe) with one field, `data`: the quiz as JSON. */
export const previewFormSchema = z.object({ data: z.string().min(2).max(2_000_000) });

const accountQuizParams = z.object({ account: accountParam, id: idParam });

/**
 * Publish and Republish: saves the quiz as sent (its `revision` checked like a save), then, when it is
 * publishable, puts a snapshot live; its `domain` (null: our host) chooses the host. Answers the stored quiz
 * with its publishing fields set; 400 `not_publishable` with the items to complete otherwise.
 */
export const publishQuizEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/:id/publish',
  access: 'user',
  summary: 'Publish or Republish the quiz (saves it first)',
  params: accountQuizParams,
  body: quizSchema,
  maxBodyBytes: QUIZ_DOCUMENT_MAX_BYTES,
  response: quizSchema,
});

/** Takes the quiz down. The body is the quiz being edited, like Publish's; only the id in the path counts. */
export const unpublishQuizEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/:id/unpublish',
  access: 'user',
  summary: 'Take the quiz down',
  params: accountQuizParams,
  body: quizSchema,
  maxBodyBytes: QUIZ_DOCUMENT_MAX_BYTES,
  response: quizSchema,
});

/** A page showing the quiz as visitors would, for the editor's preview frame; records nothing. */
export const previewQuizEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/preview',
  access: 'user',
  summary: 'Preview a quiz (an HTML page, from a form post)',
  params: z.object({ account: accountParam }),
  body: previewFormSchema,
  bodyFormat: 'form',
  response: htmlPage,
});

const quizFields = quizSchema.shape;

/**
 * What the live preview pane's page is drawn with: the quiz's theme, fonts and colours (the page's CSS) and
 * whether it shows the badge. Short texts, so the page is a plain address the pane's frame loads; the
 * screens, and the background picture, come later as messages from the editor.
 */
export const livePreviewLookSchema = z.object({
  theme: quizFields.theme,
  fontFamily: quizFields.fontFamily,
  textColor: quizFields.textColor,
  buttonBackgroundColor: quizFields.buttonBackgroundColor,
  buttonFontFamily: quizFields.buttonFontFamily,
  buttonTextColor: quizFields.buttonTextColor,
  ctaBackgroundColor: quizFields.ctaBackgroundColor,
  ctaFontFamily: quizFields.ctaFontFamily,
  ctaTextColor: quizFields.ctaTextColor,
  badge: z.enum(['show', 'hide']),
});
export type LivePreviewLook = z.infer<typeof livePreviewLookSchema>;

/**
 * The page of the editor's live preview pane, in the quiz's look, sandboxed like Preview; the editor then
 * sends it the quiz and the screen to draw (see the player's pane messages). Records nothing.
 */
export const livePreviewPageEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/live-preview',
  access: 'user',
  summary: 'The live preview pane’s page',
  params: z.object({ account: accountParam }),
  query: livePreviewLookSchema,
  page: true,
  response: htmlPage,
});

/** Every path a quiz can be live at: one the marketer chose, or an older random 8-character one. */
export const PUBLISHED_SLUG_PATTERN = QUIZ_PATH_PATTERN;

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
