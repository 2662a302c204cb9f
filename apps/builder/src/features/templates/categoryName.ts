import { categoryNameSchema } from '@quizbeam/contracts/templates';
import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';

/** Why a category name cannot be sent (blank, too long), or null when it can: the server's own rule. */
export function categoryNameProblem(name: string): string | null {
  const checked = categoryNameSchema.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** A refused category change says why in the server's words: a name in use, or templates still filed under it. */
export function showCategoryError(error: unknown): void {
  if (isApiError(error, 409) || isApiError(error, 400)) showError(error.message);
  else showDefaultError(error);
}
