import { changePasswordEndpoint, PASSWORD_CHANGED_TEXT } from '@quizbeam/contracts/profile';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { PASSWORDS_DO_NOT_MATCH } from '../auth/PasswordForm';
import { reportProfileFailure } from './profileFailure';
import { PASSWORD_RULE_TEXT } from './profileTexts';
import { useReloadProfile } from './useReloadProfile';

type FieldAtFault = 'current' | 'new' | null;

/** Current password, the new one twice: a mismatch is said here and sends nothing. */
export function PasswordSection() {
  const reloadProfile = useReloadProfile();
  const changing = useEndpointMutation(changePasswordEndpoint, { onSuccess: reloadProfile });
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldAtFault, setFieldAtFault] = useState<FieldAtFault>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword !== confirmation) {
      setFieldAtFault('new');
      showError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setFieldAtFault(null);
    try {
      await changing.mutateAsync({ body: { currentPassword, newPassword } });
    } catch (error) {
      const code = reportProfileFailure(error);
      if (code === 'invalid_credentials') setFieldAtFault('current');
      if (code === 'invalid_password') setFieldAtFault('new');
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    setConfirmation('');
    showSuccess(PASSWORD_CHANGED_TEXT);
  }

  return (
    <section className="card profile__section" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="profile__section-title">
        Password
      </h2>
      <form className="profile__form" onSubmit={submit}>
        <TextInputField
          required
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          invalid={fieldAtFault === 'current'}
          maxLength={1024}
        />
        <TextInputField
          required
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          invalid={fieldAtFault === 'new'}
          hint={PASSWORD_RULE_TEXT}
          maxLength={1024}
        />
        <TextInputField
          required
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          invalid={fieldAtFault === 'new'}
          maxLength={1024}
        />
        <div>
          <button type="submit" className="button" disabled={changing.isPending}>
            {changing.isPending ? 'Please wait…' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
