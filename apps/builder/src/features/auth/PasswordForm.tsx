import { PASSWORD_MIN_LENGTH, type PasswordPayload } from '@quizbeam/contracts/auth';
import { type FormEvent, useState } from 'react';
import { useLoaderData, useParams } from 'react-router';
import { showError } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import type { PasswordLinkState } from './authLoaders';
import { ExpiredPasswordLink } from './ExpiredPasswordLink';
import { reloadIntoApp } from './reloadIntoApp';
import { reportFailure } from './reportFailure';
import { SubmitButton } from './SubmitButton';

export const PASSWORDS_DO_NOT_MATCH = "Passwords don't match.";

interface PasswordFormProps {
  title: string;
  intro: string;
  submitLabel: string;
  /** Sends the payload; the form reloads into the app once it resolves. */
  submitPassword: (payload: PasswordPayload) => Promise<void>;
}

/**
 * The shared screen of reset-password and set-password (/…/:userId/:code): the form, or, when the route's
 * loader found the link used or expired, a way to ask for a new one.
 */
export function PasswordForm(props: PasswordFormProps) {
  const link = useLoaderData<PasswordLinkState>();
  return link.isUsable ? <PasswordFields {...props} /> : <ExpiredPasswordLink title={props.title} />;
}

function PasswordFields({ title, intro, submitLabel, submitPassword }: PasswordFormProps) {
  const { userId = '', code = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isRejected, setIsRejected] = useState(false);
  const [isMismatched, setIsMismatched] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsMismatched(password !== confirmation);
    if (password !== confirmation) {
      setIsRejected(false);
      showError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setIsSubmitting(true);
    setIsRejected(false);
    try {
      await submitPassword({ password, passwordResetCode: code, userId });
      reloadIntoApp();
    } catch (error) {
      setIsRejected(reportFailure(error, [422]) === 422);
      setIsSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit}>
      <h1 className="auth-form__title">{title}</h1>
      <p className="auth-form__intro">{intro}</p>
      <TextInputField
        required
        label="New Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        invalid={isRejected || isMismatched}
      />
      <TextInputField
        required
        label="Confirm New Password"
        type="password"
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        invalid={isRejected || isMismatched}
      />
      <p className="auth-form__note">Your password must be at least {PASSWORD_MIN_LENGTH} characters long.</p>
      <SubmitButton label={submitLabel} isSubmitting={isSubmitting} />
    </form>
  );
}
