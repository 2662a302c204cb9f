import { z } from 'zod';
import { accountParam, endpoint, htmlPage } from './endpoint';
import { quizNameSchema } from './quiz';

export const SHARE_CODE_REQUIRED_TEXT = 'Please enter a share code.';
export const UNKNOWN_SHARE_CODE_TEXT = 'That share code does not exist.';

/** A share code as `POST /accounts/{account}/quizzes/{id}/share` makes them. */
const SHARE_CODE = /^[a-z0-9]{16}$/;

/** The share code in what a user typed: the code itself, or the share link that ends with it. */
export function shareCodeIn(input: string): string | null {
  const candidate = input.trim().replace(/\/+$/, '').split('/').at(-1)?.toLowerCase() ?? '';
  return SHARE_CODE.test(candidate) ? candidate : null;
}

export const sharedQuizPath = (shareCode: string) => `/api/shared-quizzes/${encodeURIComponent(shareCode)}`;
/** The shared quiz as visitors would see it, for the share page's preview frame (HTML, no scripts run). */
export const sharedQuizPreviewPath = (shareCode: string) => `${sharedQuizPath(shareCode)}/preview`;
export const sharedQuizResponseSchema = z.object({ name: z.string() });

export const importSharedQuizPath = (accountId: string) =>
  `/accounts/${encodeURIComponent(accountId)}/shared/import`;
export const importSharedQuizBodySchema = z.object({
  name: quizNameSchema,
  // The code, or the whole share link.
  shareCode: z.string().trim().min(1, SHARE_CODE_REQUIRED_TEXT).max(2000),
});
export type ImportSharedQuizBody = z.infer<typeof importSharedQuizBodySchema>;

/** A share code, or anything else in its place: an unknown one answers 404 with UNKNOWN_SHARE_CODE_TEXT. */
const shareCodeParams = z.object({ shareCode: z.string().min(1).max(100) });

export const sharedQuizEndpoint = endpoint({
  method: 'GET',
  path: '/api/shared-quizzes/:shareCode',
  access: 'user',
  summary: "A shared quiz's name (any signed-in user)",
  params: shareCodeParams,
  response: z.object({ name: z.string() }),
});

/** The shared quiz as visitors would see it, for the share page's preview frame (HTML, no scripts run). */
export const sharedQuizPreviewEndpoint = endpoint({
  method: 'GET',
  path: '/api/shared-quizzes/:shareCode/preview',
  access: 'user',
  summary: 'A shared quiz as a preview page (HTML)',
  params: shareCodeParams,
  response: htmlPage,
});

export const importSharedQuizEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/shared/import',
  access: 'user',
  summary: 'Import a copy of a shared quiz under a new name',
  params: z.object({ account: accountParam }),
  body: importSharedQuizBodySchema,
  response: z.object({ quizId: z.string() }),
});
