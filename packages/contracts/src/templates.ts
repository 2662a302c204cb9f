import { z } from 'zod';
import { endpoint } from './endpoint';
import { quizTypeSchema } from './quiz';

export const templateCategorySchema = z.object({ id: z.string(), name: z.string() });
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/** A row of the New Quiz screen's template table. */
export const templateForNewQuizSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: quizTypeSchema,
  categoryId: z.string().nullable(),
  questionCount: z.number().int(),
  outcomeCount: z.number().int(),
});
export type TemplateForNewQuiz = z.infer<typeof templateForNewQuizSchema>;

export const templatesForNewQuizEndpoint = endpoint({
  method: 'GET',
  path: '/api/templates/for-new-quiz',
  body: undefined,
  response: z.array(templateForNewQuizSchema),
});
export const templateCategoriesEndpoint = endpoint({
  method: 'GET',
  path: '/api/template-categories',
  body: undefined,
  response: z.array(templateCategorySchema),
});
