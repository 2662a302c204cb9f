import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';
import { quizSchema } from './quiz';

/** Why a version was kept: a save (a run of one author's saves shares one), a Publish, or a restore. */
export const quizVersionKindSchema = z.enum(['save', 'publish', 'restore']);
export type QuizVersionKind = z.infer<typeof quizVersionKindSchema>;

/** At most this many versions are listed, newest first. */
export const QUIZ_VERSIONS_LISTED = 200;

export const quizVersionSummarySchema = z.object({
  id: z.string(),
  kind: quizVersionKindSchema,
  /** The quiz revision the version's content was stored at. */
  revision: z.number().int(),
  savedAt: z.string(),
  /** The author's email; null when that user no longer exists. */
  savedBy: z.string().nullable(),
  /** The quiz is stored as this version now. */
  isCurrent: z.boolean(),
});
export type QuizVersionSummary = z.infer<typeof quizVersionSummarySchema>;

export const quizVersionSchema = quizVersionSummarySchema.extend({ quiz: quizSchema });
export type QuizVersion = z.infer<typeof quizVersionSchema>;

const quizParams = z.object({ id: idParam });
const quizVersionParams = z.object({ id: idParam, versionId: idParam });

export const listQuizVersionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:id/versions',
  access: 'user',
  summary: "The quiz's versions, newest first (saves of the last 30 days and every publish)",
  params: quizParams,
  response: z.array(quizVersionSummarySchema),
});

export const getQuizVersionEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:id/versions/:versionId',
  access: 'user',
  summary: 'One version of the quiz, with its content',
  params: quizVersionParams,
  response: quizVersionSchema,
});

export const restoreQuizVersionBodySchema = z.object({
  /** The revision the editor last saved or loaded: a restore over a newer one is refused like a save (409). */
  revision: quizSchema.shape.revision,
});

/**
 * Stores the version's content as the quiz's next revision (the quiz's id, type and publishing fields stay),
 * itself a new version; refused with 409 (`staleRevisionBodySchema`) when the quiz changed since `revision`.
 */
export const restoreQuizVersionEndpoint = endpoint({
  method: 'POST',
  path: '/api/quizzes/:id/versions/:versionId/restore',
  access: 'user',
  summary: "Restore a version as the quiz's newest revision (refused with 409 when it changed since)",
  params: quizVersionParams,
  body: restoreQuizVersionBodySchema,
  response: quizSchema,
});

/** A random id per editor tab. */
export const presenceTabIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const presenceEditorSchema = z.object({
  email: z.string(),
  /** How many of that user's tabs have the quiz open (besides the calling tab). */
  tabCount: z.number().int().min(1),
});
export type PresenceEditor = z.infer<typeof presenceEditorSchema>;

export const quizPresenceSchema = z.object({
  /** The quiz's stored revision, so a tab notices another's save. */
  revision: z.number().int(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
  /** Who else has the quiz open (other tabs seen lately; the caller's own other tabs too). */
  editors: z.array(presenceEditorSchema),
});
export type QuizPresence = z.infer<typeof quizPresenceSchema>;

/** An editor tab says it has the quiz open (every few seconds while shown), and hears who else has. */
export const reportQuizPresenceEndpoint = endpoint({
  method: 'POST',
  path: '/api/quizzes/:id/presence',
  access: 'user',
  summary: 'Say this editor tab has the quiz open; answers who else has and the stored revision',
  params: quizParams,
  body: z.object({ tabId: presenceTabIdSchema }),
  response: quizPresenceSchema,
});

/** The tab closed the quiz. */
export const leaveQuizPresenceEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/quizzes/:id/presence/:tabId',
  access: 'user',
  summary: 'Say this editor tab closed the quiz',
  params: z.object({ id: idParam, tabId: presenceTabIdSchema }),
  response: okResponseSchema,
});
