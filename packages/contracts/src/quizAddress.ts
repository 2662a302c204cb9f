import { z } from 'zod';
import { endpoint, idParam } from './endpoint';

/*
 * A quiz's path on its host (the quiz document's `publishedId`): `https://{host}/{path}`. The marketer chooses
 * it (`coffee-finder`); quizzes created before that have a random 8-character one, which is valid too. It is
 * unique per host: no other quiz may be live at it there, nor hold it for the host it will publish on.
 */

export const QUIZ_PATH_MIN_LENGTH = 3;
export const QUIZ_PATH_MAX_LENGTH = 60;

export const QUIZ_PATH_FORMAT_MESSAGE = 'Use 3 to 60 lowercase letters, digits and hyphens.';
export const QUIZ_PATH_RESERVED_MESSAGE = 'That address is reserved. Please choose another.';
export const QUIZ_PATH_TAKEN_MESSAGE = 'That address is already taken on this domain.';

/** Lowercase letters, digits and hyphens, 3 to 60 of them, starting and ending with a letter or digit. */
export const QUIZ_PATH_PATTERN = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;

/**
 * First path segments a published host answers itself, or that people would take for the product's own
 * pages; none of them can be a quiz's path. Names with a dot already fail the pattern and are listed so the
 * refusal says why.
 */
export const RESERVED_QUIZ_PATHS: ReadonlySet<string> = new Set([
  // What the server routes before the quiz pages, on any host.
  '_q',
  '__published',
  '__unknown-host',
  'favicon.ico',
  'healthz',
  'readyz',
  'metrics',
  'internal',
  'api',
  'accounts',
  'oauth',
  'ui',
  'uploads',
  'fonts',
  'themes',
  'login',
  'logout',
  'forgot-password',
  'reset-password',
  'set-password',
  'admin',
  'not-found',
  'error',
  'preview',
  'embed',
  'share',
  'payment',
  'quizzes',
  'templates',
  // What visitors, crawlers and people expect a site to keep for itself.
  'www',
  'static',
  'assets',
  'public',
  'robots.txt',
  'sitemap.xml',
  'well-known',
  '.well-known',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'register',
  'account',
  'profile',
  'settings',
  'dashboard',
  'help',
  'support',
  'docs',
  'status',
  'app',
  'mail',
  'email',
  'null',
  'undefined',
]);

/** What the marketer typed as the path compares by: trimmed, in lower case, without a leading "/". */
export function normalizeQuizPath(input: string): string {
  return input.trim().toLowerCase().replace(/^\//, '');
}

/** Why a normalized path cannot be a quiz's path, or null when it can. */
export function quizPathProblem(path: string): string | null {
  if (RESERVED_QUIZ_PATHS.has(path)) return QUIZ_PATH_RESERVED_MESSAGE;
  if (!QUIZ_PATH_PATTERN.test(path)) return QUIZ_PATH_FORMAT_MESSAGE;
  return null;
}

/** The one rule for a path as typed: normalized, then refused when reserved or malformed. */
export const quizPathSchema = z
  .string()
  .max(200, QUIZ_PATH_FORMAT_MESSAGE)
  .transform((input, context) => {
    const path = normalizeQuizPath(input);
    const problem = quizPathProblem(path);
    if (problem !== null) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return path;
  });

const quizParams = z.object({ id: idParam });

export const changeQuizAddressBodySchema = z.object({ path: quizPathSchema });
export type ChangeQuizAddressBody = z.input<typeof changeQuizAddressBodySchema>;

export const quizAddressSchema = z.object({
  /** The path as stored (normalized). */
  publishedId: z.string(),
  /** The whole address on the host it applies to: where the quiz is live, or where it will be published. */
  url: z.string(),
  /** Whether the quiz is live: then the old address now redirects to the new one. */
  isPublished: z.boolean(),
});
export type QuizAddress = z.infer<typeof quizAddressSchema>;

/**
 * Sets the quiz's path and nothing else (its revision stays, so the editor's next save goes through). A live
 * quiz moves at once and its old address redirects; otherwise the path is used at the next Publish. 400 when
 * the path is malformed or reserved, 409 `conflict` when another quiz has it on that host.
 */
export const changeQuizAddressEndpoint = endpoint({
  method: 'PUT',
  path: '/api/quizzes/:id/address',
  access: 'user',
  summary: "Choose the quiz's path on its host (a live quiz moves; the old address redirects)",
  params: quizParams,
  body: changeQuizAddressBodySchema,
  response: quizAddressSchema,
});

export const quizAddressAvailabilityQuerySchema = z.object({ path: quizPathSchema });

export const quizAddressAvailabilitySchema = z.object({
  /** The path as it would be stored. */
  path: z.string(),
  /** False when another quiz has it on the quiz's host; the quiz's own path is available to it. */
  available: z.boolean(),
});
export type QuizAddressAvailability = z.infer<typeof quizAddressAvailabilitySchema>;

/** Whether the path is free for this quiz on its host, for the Publish tab while the marketer types. */
export const quizAddressAvailabilityEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:id/address/availability',
  access: 'user',
  summary: 'Whether a path is free for the quiz on its host',
  params: quizParams,
  query: quizAddressAvailabilityQuerySchema,
  response: quizAddressAvailabilitySchema,
});
