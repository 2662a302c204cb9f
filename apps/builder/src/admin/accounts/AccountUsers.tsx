import {
  type AdminAccountDetail,
  listAuditLogEndpoint,
  sendUserPasswordResetEndpoint,
} from '@quizbeam/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { showServerError } from '../adminErrors';
import { passwordResetSentText } from '../adminTexts';

type AdminUser = AdminAccountDetail['users'][number];

function UserLine({ user, onSend, sending }: { user: AdminUser; onSend: () => void; sending: boolean }) {
  const emailId = useId();
  return (
    <li className="admin-user">
      <span id={emailId} className="admin-user__email">
        {user.email}
      </span>
      {user.isAdmin && <span className="status-badge">Admin</span>}
      {!user.hasPassword && <span className="status-badge status-badge--pending">No password yet</span>}
      <button
        type="button"
        className="button button--secondary admin-user__action"
        aria-describedby={emailId}
        disabled={sending}
        onClick={onSend}
      >
        Send password reset
      </button>
    </li>
  );
}

/** The account's users; each can be sent a reset link (or, without a password yet, a new set-password link). */
export function AccountUsers({ account }: { account: AdminAccountDetail }) {
  const queryClient = useQueryClient();
  const sending = useEndpointMutation(sendUserPasswordResetEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listAuditLogEndpoint) }),
  });

  async function send(user: AdminUser) {
    try {
      await sending.mutateAsync({ params: { id: user.id } });
    } catch (error) {
      showServerError(error);
      return;
    }
    showSuccess(passwordResetSentText(user.email, user.hasPassword));
  }

  return (
    <section className="admin-section" aria-labelledby="account-users-title">
      <h2 id="account-users-title" className="admin-section__title">
        Users
      </h2>
      <ul className="card admin-users" aria-label="Users">
        {account.users.map((user) => (
          <UserLine key={user.id} user={user} sending={sending.isPending} onSend={() => send(user)} />
        ))}
      </ul>
    </section>
  );
}
