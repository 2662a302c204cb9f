import { type PasswordPayload, setPasswordEndpoint } from '@quizbeam/contracts/auth';
import { call } from '../../api/apiClient';
import { pushPurchaseEvent } from './dataLayer';
import { PasswordForm } from './PasswordForm';

async function createAccountPassword(payload: PasswordPayload): Promise<void> {
  const { accountId } = await call(setPasswordEndpoint, { body: payload });
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
