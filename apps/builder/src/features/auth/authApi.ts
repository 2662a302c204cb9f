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
import { callEndpoint } from '../../api/apiClient';
import { loadFullPage } from '../../routing/loadFullPage';

export async function logIn(body: LoginBody): Promise<void> {
  await callEndpoint(loginEndpoint, body);
}

export async function sendPasswordResetEmail(body: PasswordResetEmailBody): Promise<void> {
  await callEndpoint(passwordResetEmailEndpoint, body);
}

export async function resetPassword(payload: PasswordPayload): Promise<void> {
  await callEndpoint(resetPasswordEndpoint, payload);
}

export function setPassword(payload: PasswordPayload): Promise<SetPasswordResponse> {
  return callEndpoint(setPasswordEndpoint, payload);
}

/** After signing in the whole app reloads, so every screen starts from the new session. */
export function reloadIntoApp(): void {
  loadFullPage('/');
}
