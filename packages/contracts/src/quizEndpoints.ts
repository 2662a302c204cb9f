import { z } from 'zod';
import { endpoint } from './endpoint';
import { quizSchema, quizSummarySchema, quizTypeSchema } from './quiz';

export const quizNameSchema = z.string().trim().min(1, 'Please enter a quiz name.').max(200);

export const createQuizBodySchema = z.object({
  name: quizNameSchema,
  /** A template id to copy questions and outcomes from; absent or null for "Create From Scratch". */
  template: z.string().max(100).nullable().optional(),
  type: quizTypeSchema,
});
export type CreateQuizBody = z.infer<typeof createQuizBodySchema>;

export const listQuizzesEndpoint = endpoint({
  method: 'GET',
  path: '/api/quizzes',
  body: undefined,
  response: z.array(quizSummarySchema),
});
export const createQuizEndpoint = endpoint({
  method: 'POST',
  path: '/api/quizzes',
  body: createQuizBodySchema,
  response: z.object({ quizId: z.string() }),
});
export const quizPath = (quizId: string) => `/api/quizzes/${encodeURIComponent(quizId)}`;
export const getQuizResponseSchema = quizSchema;
export const saveQuizBodySchema = quizSchema;
export const deleteQuizResponseSchema = z.object({ ok: z.literal(true) });

export const shareQuizPath = (accountId: string, quizId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/quizzes/${encodeURIComponent(quizId)}/share`;
export const shareQuizResponseSchema = z.object({ shareCode: z.string() });
