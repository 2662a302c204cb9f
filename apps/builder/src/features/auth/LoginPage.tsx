import { type FormEvent, useState } from 'react';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../routing/returnPath';
import { TextInputField } from '../../ui/TextInputField';
import { AuthLink, useAuthSearchParam } from './authNavigation';
import { logIn, prepareAuthCalls } from './lazyAuthApi';
import { reloadIntoApp } from './reloadIntoApp';
import { reportFailure } from './reportFailure';
import { SubmitButton } from './SubmitButton';

export function LoginPage() {
  const returnPath = useAuthSearchParam(RETURN_PATH_PARAM);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [hasCredentialsError, setHasCredentialsError] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    setHasCredentialsError(false);
    try {
      await logIn({ email, password });
      reloadIntoApp(safeReturnPath(returnPath));
    } catch (error) {
      const status = reportFailure(error, [422, 429]);
      setHasCredentialsError(status === 422);
      setIsSubmitting(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} onFocus={prepareAuthCalls}>
      <h1 className="auth-form__title">Sign In to Quizbeam</h1>
      <TextInputField
        required
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        invalid={hasCredentialsError}
      />
      <TextInputField
        required
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        invalid={hasCredentialsError}
      />
      <SubmitButton label="Sign In" isSubmitting={isSubmitting} />
      <p className="auth-form__links">
        <AuthLink to="/forgot-password">Forgot your password?</AuthLink>
      </p>
    </form>
  );
}
