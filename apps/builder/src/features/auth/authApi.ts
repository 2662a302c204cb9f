import {
  type LoginBody,
  loginEndpoint,
  type PasswordCodePurpose,
  type PasswordPayload,
  type PasswordResetEmailBody,
  passwordCodeStatusEndpoint,
  passwordResetEmailEndpoint,
  resetPasswordEndpoint,
  type SetPasswordResponse,
  setPasswordEndpoint,
} from '@quizbeam/contracts/auth';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';

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

/** Whether a reset or set-password link can still be used; a malformed one (404) cannot. */
export async function isPasswordLinkUsable(
  purpose: PasswordCodePurpose,
  link: { userId: string; code: string },
): Promise<boolean> {
  try {
    return (await call(passwordCodeStatusEndpoint, { params: { purpose, ...link } })).valid;
  } catch (error) {
    if (isApiError(error, 404)) return false;
    // The check only spares a pointless form; the password call still checks the link and says why.
    return true;
  }
}
