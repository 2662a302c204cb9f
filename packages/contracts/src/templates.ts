import { z } from 'zod';
import { endpoint } from './endpoint';
import { outcomeSchema, questionSchema, quizTypeSchema } from './quiz';

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
  access: 'user',
  summary: 'The templates a new quiz can start from',
  response: z.array(templateForNewQuizSchema),
});
export const templateCategoriesEndpoint = endpoint({
  method: 'GET',
  path: '/api/template-categories',
  access: 'user',
  summary: 'Template categories',
  response: z.array(templateCategorySchema),
});

/** What the New Quiz screen's Preview lists of a template (the full template arrives with the template editor). */
export const templatePreviewSchema = z.object({
  name: z.string(),
  questions: z.array(questionSchema),
  outcomes: z.array(outcomeSchema),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const getTemplateEndpoint = endpoint({
  method: 'GET',
  path: '/api/templates/:id',
  access: 'user',
  summary: 'A template',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: templatePreviewSchema,
});
