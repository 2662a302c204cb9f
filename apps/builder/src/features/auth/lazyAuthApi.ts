import type { LoginBody, PasswordResetEmailBody } from '@quizbeam/contracts/auth';

/**
 * The sign-in and forgot-password screens' calls, loaded when first needed: the API client and the
 * contracts (with zod) are then not part of the sign-in page's first download. `prepareAuthCalls` starts
 * that load as soon as the user turns to a form, so a submit rarely waits for it.
 */
const loadAuthCalls = () => Promise.all([import('../../api/apiClient'), import('@quizbeam/contracts/auth')]);

export function prepareAuthCalls(): void {
  // A failed load is tried again, and reported, by the submit that needs it.
  loadAuthCalls().catch(() => undefined);
}

export async function logIn(body: LoginBody): Promise<void> {
  const [{ call }, { loginEndpoint }] = await loadAuthCalls();
  await call(loginEndpoint, { body });
}

export async function sendPasswordResetEmail(body: PasswordResetEmailBody): Promise<void> {
  const [{ call }, { passwordResetEmailEndpoint }] = await loadAuthCalls();
  await call(passwordResetEmailEndpoint, { body });
}
