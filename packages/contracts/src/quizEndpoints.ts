import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema } from './endpoint';
import { quizNameSchema, quizSchema, quizSummarySchema, quizTypeSchema } from './quiz';
import { QUIZ_DOCUMENT_MAX_BYTES } from './quizConstants';

export const createQuizBodySchema = z.object({
  name: quizNameSchema,
  /** A template id to copy questions and outcomes from; absent or null for "Create From Scratch". */
  template: z.string().max(100).nullable().optional(),
  type: quizTypeSchema,
});
export type CreateQuizBody = z.infer<typeof createQuizBodySchema>;

const quizParams = z.object({ id: idParam });
const accountQuizParams = z.object({ account: accountParam, id: idParam });

/**
 * The 409 a save or publish answers when the quiz changed since the revision it started from: nothing
 * is written; who saved the newer revision (when known) and when.
 */
export const staleRevisionBodySchema = z.object({
  error: z.string(),
  code: z.literal('conflict'),
  revision: z.number().int(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
});
export type StaleRevisionBody = z.infer<typeof staleRevisionBodySchema>;

export const listQuizzesEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes',
  access: 'user',
  summary: "The account's quizzes, most recently changed first",
  response: z.array(quizSummarySchema),
});

export const createQuizEndpoint = endpoint({
  method: 'POST',
  path: '/api/quizzes',
  access: 'user',
  summary: 'Create a quiz from scratch or from a template',
  body: createQuizBodySchema,
  response: z.object({ quizId: z.string() }),
});

export const getQuizEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes/:id',
  access: 'user',
  summary: 'The whole quiz, with its revision',
  params: quizParams,
  response: quizSchema,
});

/**
 * Saves the whole quiz. Its `id` must be the one in the path; its `revision` the one it was loaded (or
 * last saved) with: a save over a newer revision is refused (409, `staleRevisionBodySchema`).
 */
export const saveQuizEndpoint = endpoint({
  method: 'PUT',
  path: '/api/quizzes/:id',
  access: 'user',
  summary: 'Save the whole quiz (refused with 409 when it changed since its revision)',
  params: quizParams,
  body: quizSchema,
  maxBodyBytes: QUIZ_DOCUMENT_MAX_BYTES,
  response: quizSchema,
});

/**
 * Copies the saved quiz into the same account as "Copy of {name}": a new id and public path, unpublished,
 * revision 0, its scripts along; leads, analytics and history stay with the original. Counts toward the
 * quizzes limit (403 `quota_exceeded`).
 */
export const duplicateQuizEndpoint = endpoint({
  method: 'POST',
  path: '/api/quizzes/:id/duplicate',
  access: 'user',
  summary: 'Copy the saved quiz, with its scripts, as a new unpublished quiz',
  params: quizParams,
  response: z.object({ quizId: z.string() }),
});

export const deleteQuizEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/quizzes/:id',
  access: 'user',
  summary: 'Delete the quiz and every record of it; takes it down if published',
  params: quizParams,
  response: okResponseSchema,
});

export const shareQuizEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/quizzes/:id/share',
  access: 'user',
  summary: "The quiz's share code (created on first use)",
  params: accountQuizParams,
  response: z.object({ shareCode: z.string() }),
});
