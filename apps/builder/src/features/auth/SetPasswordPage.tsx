import type { PasswordPayload } from '@quizbeam/contracts/auth';
import { setPassword } from './authApi';
import { pushPurchaseEvent } from './dataLayer';
import { PasswordForm } from './PasswordForm';

async function createAccountPassword(payload: PasswordPayload): Promise<void> {
  const { accountId } = await setPassword(payload);
  pushPurchaseEvent(accountId);
}

export function SetPasswordPage() {
  return (
    <PasswordForm
      title="Thanks For Joining Us!"
      intro="Choose a password to finish creating your account."
      submitLabel="Create Account"
      submitPassword={createAccountPassword}
    />
  );
}
