import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { sendPasswordResetEmail } from './authApi';
import { reportFailure } from './reportFailure';
import { SubmitButton } from './SubmitButton';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await sendPasswordResetEmail({ email });
      // The server answers the same for unknown addresses, so the message must not claim an account exists.
      showSuccess(`If an account exists for ${email.trim()}, we've sent a link to reset your password.`);
    } catch (error) {
      reportFailure(error, []);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit}>
      <h1 className="auth-form__title">Forgot Your Password?</h1>
      <p className="auth-form__intro">
        Enter your email address and we'll send you a link to reset your password.
      </p>
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
        <Link to="/login">Back to Sign In</Link>
      </p>
    </form>
  );
}
