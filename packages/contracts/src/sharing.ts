import { z } from 'zod';
import { quizNameSchema } from './quizEndpoints';

export const SHARE_CODE_REQUIRED_TEXT = 'Please enter a share code.';

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
export const importSharedQuizResponseSchema = z.object({ quizId: z.string() });
