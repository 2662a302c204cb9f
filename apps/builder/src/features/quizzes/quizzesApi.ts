import {
  type CreateQuizBody,
  createQuizEndpoint,
  deleteQuizEndpoint,
  listQuizzesEndpoint,
  shareQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import {
  type ImportSharedQuizBody,
  importSharedQuizEndpoint,
  sharedQuizEndpoint,
} from '@quizbeam/contracts/sharing';
import { call } from '../../api/apiClient';

/**
 * Where the quizzes feature's answers are cached (TanStack Query keys): a load reads one, and a call that
 * changes what it holds invalidates it.
 */
export const quizzesQueryKeys = {
  list: ['quizzes', 'list'],
  sharedQuiz: (shareCode: string) => ['shared-quizzes', shareCode] as const,
} as const;

export const listQuizzes = () => call(listQuizzesEndpoint);

export const createQuiz = (body: CreateQuizBody) => call(createQuizEndpoint, { body });

export const deleteQuiz = (quizId: string) => call(deleteQuizEndpoint, { params: { id: quizId } });

export async function shareQuiz(accountId: string, quizId: string): Promise<string> {
  const { shareCode } = await call(shareQuizEndpoint, { params: { account: accountId, id: quizId } });
  return shareCode;
}

export async function importSharedQuiz(accountId: string, body: ImportSharedQuizBody): Promise<string> {
  const { quizId } = await call(importSharedQuizEndpoint, { params: { account: accountId }, body });
  return quizId;
}

export async function loadSharedQuizName(shareCode: string): Promise<string> {
  const { name } = await call(sharedQuizEndpoint, { params: { shareCode } });
  return name;
}
