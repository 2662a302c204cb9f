import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';
import { quizSchema, quizTypeSchema } from './quiz';
import { QUIZ_DOCUMENT_MAX_BYTES } from './quizConstants';

/*
 * Templates, which admins write and New Quiz starts from, and their categories. A template is a quiz document
 * (`quiz`: questions, outcomes, start page, appearance) plus what only a template has. The editor edits
 * `quiz` with the quiz editor's own store and tabs; the template's own fields live beside it. Only admins
 * write; a template is offered to other accounts when `isAvailableForNewQuizzes`, and a premium one
 * (`isExtra`) is selectable only with the extraTemplates permission (shown locked to the others).
 */

export const TEMPLATE_SAVED_TEXT = 'Template has been saved.';
export const TEMPLATE_NAME_REQUIRED_TEXT = 'Please enter a template name.';
export const UNKNOWN_CATEGORY_MESSAGE = 'That template category does not exist. Please choose another one.';
export const PREMIUM_TEMPLATE_MESSAGE =
  'This is a premium template. Please contact support to unlock premium templates for your account.';
export const duplicateCategoryMessage = (name: string) => `There is already a category named "${name}".`;
export const categoryInUseMessage = (count: number) =>
  `This category is used by ${count.toLocaleString('en-US')} template${count === 1 ? '' : 's'}. Move them to another category first.`;

export const MAX_TEMPLATE_DESCRIPTION = 2_000;
export const MAX_POINT_OF_QUIZ = 300;
export const MAX_CATEGORY_NAME = 60;

export const templateNameSchema = z.string().trim().min(1, TEMPLATE_NAME_REQUIRED_TEXT).max(200);
export const categoryNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a category name.')
  .max(MAX_CATEGORY_NAME, `Use at most ${MAX_CATEGORY_NAME} characters.`);

export const templateCategorySchema = z.object({ id: z.string(), name: z.string() });
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

/** The whole template as the template editor holds it and `PUT /api/templates/{id}` stores it. */
export const templateSchema = z.object({
  id: z.string(),
  name: templateNameSchema,
  /** Read-only after creation: the server keeps the stored type (and `quiz.type` follows it). */
  type: quizTypeSchema,
  /** A template category id, or null for none. An unknown id is a 400. */
  categoryId: z.string().max(100).nullable(),
  description: z.string().max(MAX_TEMPLATE_DESCRIPTION),
  /** What the quiz is for, in one line ("Recommend the right plan and capture the lead"): shown in New Quiz. */
  pointOfQuiz: z.string().max(MAX_POINT_OF_QUIZ),
  /** Premium: selectable only by accounts with extraTemplates. */
  isExtra: z.boolean(),
  isAvailableForNewQuizzes: z.boolean(),
  /** Counts the saves, as a quiz's does: a save over a newer revision is a 409. */
  revision: z.number().int().min(0),
  /** The quiz a new quiz copies; its `id` is the template's, its `name` follows the template's name. */
  quiz: quizSchema,
});
export type Template = z.infer<typeof templateSchema>;

/** A row of the admins' template list. */
export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: quizTypeSchema,
  categoryId: z.string().nullable(),
  isExtra: z.boolean(),
  isAvailableForNewQuizzes: z.boolean(),
  questionCount: z.number().int(),
  outcomeCount: z.number().int(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** A row of the New Quiz screen's template table. */
export const templateForNewQuizSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: quizTypeSchema,
  categoryId: z.string().nullable(),
  description: z.string(),
  pointOfQuiz: z.string(),
  questionCount: z.number().int(),
  outcomeCount: z.number().int(),
  isExtra: z.boolean(),
  /** A premium template this account may look at but not select. */
  locked: z.boolean(),
});
export type TemplateForNewQuiz = z.infer<typeof templateForNewQuizSchema>;

export const createTemplateBodySchema = z.object({
  name: templateNameSchema,
  type: quizTypeSchema,
  category: z.string().max(100).nullable(),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

const templateParams = z.object({ id: idParam });

export const createTemplateEndpoint = endpoint({
  method: 'POST',
  path: '/api/templates',
  access: 'admin',
  summary: 'Create a template (admins)',
  body: createTemplateBodySchema,
  successStatus: 201,
  response: templateSchema,
});

export const listTemplatesEndpoint = endpoint({
  method: 'GET',
  path: '/api/templates',
  access: 'admin',
  summary: 'Every template, by name (admins)',
  response: z.array(templateSummarySchema),
});

export const templatesForNewQuizEndpoint = endpoint({
  method: 'GET',
  path: '/api/templates/for-new-quiz',
  access: 'user',
  summary: 'The templates a new quiz can start from (premium ones locked without extraTemplates)',
  response: z.array(templateForNewQuizSchema),
});

/** Admins get any template; other users only those available for new quizzes (404 otherwise). */
export const getTemplateEndpoint = endpoint({
  method: 'GET',
  path: '/api/templates/:id',
  access: 'user',
  summary: 'A template',
  params: templateParams,
  response: templateSchema,
});

/** Saves the whole template over the revision it carries (409 `staleRevisionBodySchema` otherwise). */
export const saveTemplateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/templates/:id',
  access: 'admin',
  summary: 'Save the whole template (admins)',
  params: templateParams,
  body: templateSchema,
  maxBodyBytes: QUIZ_DOCUMENT_MAX_BYTES,
  response: templateSchema,
});

export const templateCategoriesEndpoint = endpoint({
  method: 'GET',
  path: '/api/template-categories',
  access: 'user',
  summary: 'Template categories, by name',
  response: z.array(templateCategorySchema),
});

export const categoryBodySchema = z.object({ name: categoryNameSchema });

export const createTemplateCategoryEndpoint = endpoint({
  method: 'POST',
  path: '/api/template-categories',
  access: 'admin',
  summary: 'Add a template category (admins; 400 naming the field for a name in use)',
  body: categoryBodySchema,
  successStatus: 201,
  response: templateCategorySchema,
});

export const renameTemplateCategoryEndpoint = endpoint({
  method: 'PUT',
  path: '/api/template-categories/:id',
  access: 'admin',
  summary: 'Rename a template category (admins)',
  params: templateParams,
  body: categoryBodySchema,
  response: templateCategorySchema,
});

export const deleteTemplateCategoryEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/template-categories/:id',
  access: 'admin',
  summary: 'Remove a template category no template uses (admins; 409 in_use otherwise)',
  params: templateParams,
  response: okResponseSchema,
});
