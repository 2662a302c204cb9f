import { type PasswordPayload, resetPasswordEndpoint } from '@quizbeam/contracts/auth';
import { call } from '../../api/apiClient';
import { PasswordForm } from './PasswordForm';

async function resetPassword(payload: PasswordPayload): Promise<void> {
  await call(resetPasswordEndpoint, { body: payload });
}

export function ResetPasswordPage() {
  return (
    <PasswordForm
      title="Reset Your Password"
      intro="Choose a new password for your account."
      submitLabel="Set Your New Password"
      submitPassword={resetPassword}
    />
  );
}
