import { INVALID_EMAIL_TEXT, isValidEmailAddress } from '@quizbeam/contracts/emailAddress';
import {
  cancelEmailChangeEndpoint,
  changeEmailEndpoint,
  EMAIL_CHANGE_CANCELLED_TEXT,
  emailChangeSentText,
  type Profile,
} from '@quizbeam/contracts/profile';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { reportProfileFailure } from './profileFailure';
import { CURRENT_PASSWORD_REQUIRED_TEXT, EMAIL_CHANGE_HINT, pendingEmailText } from './profileTexts';
import { useReloadProfile } from './useReloadProfile';

type FieldAtFault = 'email' | 'password' | null;

/** The sign-in email, a change waiting for its link (which can be cancelled), and the form to ask for one. */
export function EmailSection({ profile }: { profile: Profile | undefined }) {
  const reloadProfile = useReloadProfile();
  const requesting = useEndpointMutation(changeEmailEndpoint, { onSuccess: reloadProfile });
  const cancelling = useEndpointMutation(cancelEmailChangeEndpoint, { onSuccess: reloadProfile });
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldAtFault, setFieldAtFault] = useState<FieldAtFault>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmailAddress(newEmail)) {
      setFieldAtFault('email');
      showError(INVALID_EMAIL_TEXT);
      return;
    }
    if (currentPassword === '') {
      setFieldAtFault('password');
      showError(CURRENT_PASSWORD_REQUIRED_TEXT);
      return;
    }
    setFieldAtFault(null);
    let pendingEmail: string;
    try {
      ({ pendingEmail } = await requesting.mutateAsync({ body: { newEmail, currentPassword } }));
    } catch (error) {
      const code = reportProfileFailure(error);
      if (code === 'invalid_credentials') setFieldAtFault('password');
      if (code === 'conflict' || code === 'validation_failed') setFieldAtFault('email');
      return;
    }
    setNewEmail('');
    setCurrentPassword('');
    showSuccess(emailChangeSentText(pendingEmail));
  }

  async function cancel() {
    try {
      await cancelling.mutateAsync({});
    } catch (error) {
      showDefaultError(error);
      return;
    }
    showSuccess(EMAIL_CHANGE_CANCELLED_TEXT);
  }

  return (
    <section className="card profile__section" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title" className="profile__section-title">
        Email
      </h2>
      <p className="profile__line">
        You sign in with <strong>{profile?.email ?? '…'}</strong>
      </p>
      {profile?.pendingEmail && (
        <div className="profile__pending">
          <p className="profile__line">{pendingEmailText(profile.pendingEmail)}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={cancelling.isPending}
            onClick={cancel}
          >
            Cancel
          </button>
        </div>
      )}
      {/* Checked here, so the address is judged by the same rule and words as the server's. */}
      <form className="profile__form" onSubmit={submit} noValidate>
        <TextInputField
          required
          label="New Email"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={setNewEmail}
          invalid={fieldAtFault === 'email'}
          hint={EMAIL_CHANGE_HINT}
          maxLength={320}
        />
        <TextInputField
          required
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          invalid={fieldAtFault === 'password'}
          maxLength={1024}
        />
        <div>
          <button type="submit" className="button" disabled={requesting.isPending}>
            {requesting.isPending ? 'Please wait…' : 'Change Email'}
          </button>
        </div>
      </form>
    </section>
  );
}
