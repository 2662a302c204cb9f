import {
  type AdminAccountDetail,
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
} from '@quizbeam/contracts/admin';
import { useState } from 'react';
import { useEndpointMutation } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { showServerError } from '../adminErrors';
import { formatDate } from '../adminFormat';
import {
  ACCOUNT_DISABLED_TEXT,
  ACCOUNT_ENABLED_TEXT,
  DISABLE_ACCOUNT_TEXT,
  DISABLE_ACCOUNT_TITLE,
  ENABLE_ACCOUNT_TEXT,
  ENABLE_ACCOUNT_TITLE,
} from '../adminTexts';
import { useTakeChangedAccount } from './useTakeChangedAccount';

/** Disable or enable the account, each after a confirmation that says what it does. */
export function AccountStatusSection({ account }: { account: AdminAccountDetail }) {
  const isDisabled = account.disabledAt !== null;
  const takeChangedAccount = useTakeChangedAccount();
  const enabling = useEndpointMutation(enableAdminAccountEndpoint, { onSuccess: takeChangedAccount });
  const disabling = useEndpointMutation(disableAdminAccountEndpoint, { onSuccess: takeChangedAccount });
  const changing = isDisabled ? enabling : disabling;
  const [confirming, setConfirming] = useState(false);

  async function change() {
    setConfirming(false);
    try {
      await changing.mutateAsync({ params: { id: account.id } });
    } catch (error) {
      showServerError(error);
      return;
    }
    showSuccess(isDisabled ? ACCOUNT_ENABLED_TEXT : ACCOUNT_DISABLED_TEXT);
  }

  return (
    <section className="admin-section" aria-labelledby="account-status-title">
      <h2 id="account-status-title" className="admin-section__title">
        Status
      </h2>
      <p className="admin-status-text">
        {account.disabledAt === null
          ? 'Active: its users can sign in and its published quizzes take leads.'
          : `Disabled since ${formatDate(account.disabledAt)}: its users cannot sign in and its published quizzes show as unavailable.`}
      </p>
      <div>
        <button
          type="button"
          className={isDisabled ? 'button' : 'button button--danger'}
          disabled={changing.isPending}
          onClick={() => setConfirming(true)}
        >
          {isDisabled ? 'Enable Account' : 'Disable Account'}
        </button>
      </div>
      {confirming && (
        <ConfirmationModal
          title={isDisabled ? ENABLE_ACCOUNT_TITLE : DISABLE_ACCOUNT_TITLE}
          confirmLabel={isDisabled ? 'Enable' : 'Disable'}
          onConfirm={change}
          onCancel={() => setConfirming(false)}
        >
          <p>{isDisabled ? ENABLE_ACCOUNT_TEXT : DISABLE_ACCOUNT_TEXT}</p>
        </ConfirmationModal>
      )}
    </section>
  );
}
