import type { LoginBody, PasswordResetEmailBody } from '@quizbeam/contracts/auth';

/**
 * The sign-in and forgot-password screens' calls, loaded when first needed: the API client and the
 * contracts (with zod) are then not part of the sign-in page's first download. `prepareAuthCalls` starts
 * that load as soon as the user turns to a form, so a submit rarely waits for it.
 */
const loadAuthApi = () => import('./authApi');

export function prepareAuthCalls(): void {
  // A failed load is tried again, and reported, by the submit that needs it.
  loadAuthApi().catch(() => undefined);
}

export async function logIn(body: LoginBody): Promise<void> {
  await (await loadAuthApi()).logIn(body);
}

export async function sendPasswordResetEmail(body: PasswordResetEmailBody): Promise<void> {
  await (await loadAuthApi()).sendPasswordResetEmail(body);
}
