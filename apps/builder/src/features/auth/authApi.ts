import {
  type LoginBody,
  loginEndpoint,
  type PasswordPayload,
  type PasswordResetEmailBody,
  passwordResetEmailEndpoint,
  resetPasswordEndpoint,
  type SetPasswordResponse,
  setPasswordEndpoint,
} from '@quizbeam/contracts/auth';
import { call } from '../../api/apiClient';
import { loadFullPage } from '../../routing/loadFullPage';

export async function logIn(body: LoginBody): Promise<void> {
  await call(loginEndpoint, { body });
}

export async function sendPasswordResetEmail(body: PasswordResetEmailBody): Promise<void> {
  await call(passwordResetEmailEndpoint, { body });
}

export async function resetPassword(payload: PasswordPayload): Promise<void> {
  await call(resetPasswordEndpoint, { body: payload });
}

export function setPassword(payload: PasswordPayload): Promise<SetPasswordResponse> {
  return call(setPasswordEndpoint, { body: payload });
}

/** After signing in the whole app reloads, so every screen starts from the new session. */
export function reloadIntoApp(): void {
  loadFullPage('/');
}
