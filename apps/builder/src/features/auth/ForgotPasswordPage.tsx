import { type FormEvent, useState } from 'react';
import { TextInputField } from '../../ui/TextInputField';
import { AuthNotice } from './AuthNotice';
import { AuthLink } from './authNavigation';
import { prepareAuthCalls, sendPasswordResetEmail } from './lazyAuthApi';
import { reportFailure } from './reportFailure';
import { SubmitButton } from './SubmitButton';

/** The server answers the same for unknown addresses, so the message must not claim an account exists. */
export const resetLinkSentText = (email: string) =>
  `If an account exists for ${email}, we've sent a link to reset your password.`;

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  /** The address the last link went to: the confirmation stays while the user goes to their inbox. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await sendPasswordResetEmail({ email });
      setSentTo(email.trim());
    } catch (error) {
      setSentTo(null);
      reportFailure(error, []);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} onFocus={prepareAuthCalls}>
      <h1 className="auth-form__title">Forgot Your Password?</h1>
      <p className="auth-form__intro">
        Enter your email address and we'll send you a link to reset your password.
      </p>
      {sentTo !== null && <AuthNotice tone="success">{resetLinkSentText(sentTo)}</AuthNotice>}
      <TextInputField
        required
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
      />
      <SubmitButton label="Send Reset Link" isSubmitting={isSubmitting} />
      <p className="auth-form__links">
        <AuthLink to="/login">Back to Sign In</AuthLink>
      </p>
    </form>
  );
}
