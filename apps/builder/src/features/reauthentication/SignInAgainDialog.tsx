import { loginEndpoint } from '@quizbeam/contracts/auth';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { setSignInAgainHandler } from '../../api/reauthentication';
import { Modal } from '../../ui/modal/Modal';
import { TextInputField } from '../../ui/TextInputField';
import { useMe } from '../session/useMe';
import './SignInAgainDialog.css';

export const SIGN_IN_AGAIN_TITLE = 'Please sign in again';
export const SIGN_IN_AGAIN_TEXT =
  'Your session has ended. Sign in to carry on: nothing you did is lost, and what you were doing is sent again once you are signed in.';
const FAILED_TEXT = 'That didn’t work. Please try again in a moment.';

interface Waiting {
  resolve: () => void;
  reject: (reason: Error) => void;
}

/**
 * Asks for the password again when a call finds the session ended (the API client waits for it and then
 * repeats the call). The account is the one on screen: signing in as someone else here would send this
 * account's work to theirs.
 */
export function SignInAgainDialog() {
  const me = useMe();
  const formId = useId();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const waitingRef = useRef<Waiting | null>(null);

  useEffect(
    () =>
      setSignInAgainHandler(
        () =>
          new Promise<void>((resolve, reject) => {
            const next = { resolve, reject };
            waitingRef.current = next;
            setPassword('');
            setProblem(null);
            setWaiting(next);
          }),
      ),
    [],
  );

  function finish(outcome: 'signed-in' | 'cancelled') {
    const current = waitingRef.current;
    waitingRef.current = null;
    setWaiting(null);
    if (outcome === 'signed-in') current?.resolve();
    else current?.reject(new Error('The user did not sign in again.'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await call(loginEndpoint, { body: { email: me.email, password } });
      finish('signed-in');
    } catch (error) {
      setProblem(isApiError(error, 422) || isApiError(error, 429) ? error.message : FAILED_TEXT);
    } finally {
      setIsSubmitting(false);
    }
  }

  if (!waiting) return null;
  return (
    <Modal
      title={SIGN_IN_AGAIN_TITLE}
      onClose={() => finish('cancelled')}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={() => finish('cancelled')}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button" disabled={isSubmitting || password === ''}>
            Sign In
          </button>
        </>
      }
    >
      <form id={formId} className="sign-in-again" onSubmit={submit}>
        <p className="sign-in-again__text">{SIGN_IN_AGAIN_TEXT}</p>
        <TextInputField label="Email" type="email" value={me.email} onChange={() => {}} disabled />
        <TextInputField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errorMessage={problem}
          required
        />
      </form>
    </Modal>
  );
}
