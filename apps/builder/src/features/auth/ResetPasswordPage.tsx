import { resetPassword } from './authApi';
import { PasswordForm } from './PasswordForm';

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
