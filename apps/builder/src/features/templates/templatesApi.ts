import {
  type CreateTemplateBody,
  createTemplateCategoryEndpoint,
  createTemplateEndpoint,
  deleteTemplateCategoryEndpoint,
  getTemplateEndpoint,
  listTemplatesEndpoint,
  renameTemplateCategoryEndpoint,
  saveTemplateEndpoint,
  type Template,
  templateCategoriesEndpoint,
  templatesForNewQuizEndpoint,
} from '@quizbeam/contracts/templates';
import { call } from '../../api/apiClient';

/**
 * Where the template library's answers are cached (TanStack Query keys). Everything about templates sits
 * under `all`, so a saved or created template reloads the admins' list, New Quiz's table and its previews.
 */
export const templatesQueryKeys = {
  all: ['templates'],
  list: ['templates', 'list'],
  forNewQuiz: ['templates', 'for-new-quiz'],
  template: (templateId: string) => ['templates', 'template', templateId] as const,
  categories: ['template-categories'],
} as const;

export const listTemplates = () => call(listTemplatesEndpoint);

export const listTemplatesForNewQuiz = () => call(templatesForNewQuizEndpoint);

export const loadTemplate = (templateId: string) => call(getTemplateEndpoint, { params: { id: templateId } });

export const createTemplate = (body: CreateTemplateBody) => call(createTemplateEndpoint, { body });

/** Saves over the revision the template carries; a newer one stored meanwhile is a 409 (`staleRevisionBodySchema`). */
export const saveTemplate = (template: Template) =>
  call(saveTemplateEndpoint, { params: { id: template.id }, body: template });

export const listTemplateCategories = () => call(templateCategoriesEndpoint);

export const createTemplateCategory = (name: string) =>
  call(createTemplateCategoryEndpoint, { body: { name } });

export const renameTemplateCategory = (categoryId: string, name: string) =>
  call(renameTemplateCategoryEndpoint, { params: { id: categoryId }, body: { name } });

export const deleteTemplateCategory = (categoryId: string) =>
  call(deleteTemplateCategoryEndpoint, { params: { id: categoryId } });
