import {
  type CreateQuizBody,
  createQuizEndpoint,
  deleteQuizResponseSchema,
  listQuizzesEndpoint,
  quizPath,
  shareQuizPath,
  shareQuizResponseSchema,
} from '@quizbeam/contracts/quizEndpoints';
import {
  type ImportSharedQuizBody,
  importSharedQuizPath,
  importSharedQuizResponseSchema,
  sharedQuizPath,
  sharedQuizResponseSchema,
} from '@quizbeam/contracts/sharing';
import { templateCategoriesEndpoint, templatesForNewQuizEndpoint } from '@quizbeam/contracts/templates';
import { api, callEndpoint } from '../../api/apiClient';

export const listQuizzes = () => callEndpoint(listQuizzesEndpoint);

export const createQuiz = (body: CreateQuizBody) => callEndpoint(createQuizEndpoint, body);

export const deleteQuiz = (quizId: string) => api.del(quizPath(quizId), deleteQuizResponseSchema);

export async function shareQuiz(accountId: string, quizId: string): Promise<string> {
  const { shareCode } = await api.post(shareQuizPath(accountId, quizId), undefined, shareQuizResponseSchema);
  return shareCode;
}

export async function importSharedQuiz(accountId: string, body: ImportSharedQuizBody): Promise<string> {
  const { quizId } = await api.post(importSharedQuizPath(accountId), body, importSharedQuizResponseSchema);
  return quizId;
}

export async function loadSharedQuizName(shareCode: string): Promise<string> {
  const { name } = await api.get(sharedQuizPath(shareCode), sharedQuizResponseSchema);
  return name;
}

export const listTemplatesForNewQuiz = () => callEndpoint(templatesForNewQuizEndpoint);

export const listTemplateCategories = () => callEndpoint(templateCategoriesEndpoint);
