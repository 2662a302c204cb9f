import {
  type CreateQuizBody,
  createQuizEndpoint,
  deleteQuizResponseSchema,
  listQuizzesEndpoint,
  quizPath,
  shareQuizPath,
  shareQuizResponseSchema,
} from '@quizbeam/contracts/quizEndpoints';
import { templateCategoriesEndpoint, templatesForNewQuizEndpoint } from '@quizbeam/contracts/templates';
import { api, callEndpoint } from '../../api/apiClient';

export const listQuizzes = () => callEndpoint(listQuizzesEndpoint);

export const createQuiz = (body: CreateQuizBody) => callEndpoint(createQuizEndpoint, body);

export const deleteQuiz = (quizId: string) => api.del(quizPath(quizId), deleteQuizResponseSchema);

export async function shareQuiz(accountId: string, quizId: string): Promise<string> {
  const { shareCode } = await api.post(shareQuizPath(accountId, quizId), undefined, shareQuizResponseSchema);
  return shareCode;
}

export const importSharedQuizPath = (accountId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/shared/import`;

export const importSharedQuiz = (accountId: string, body: { name: string; shareCode: string }) =>
  api.post(importSharedQuizPath(accountId), body, undefined);

export const listTemplatesForNewQuiz = () => callEndpoint(templatesForNewQuizEndpoint);

export const listTemplateCategories = () => callEndpoint(templateCategoriesEndpoint);
