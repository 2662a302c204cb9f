import { Link } from 'react-router';
import { AuthNotice } from './AuthNotice';

export const EXPIRED_LINK_TEXT = 'This link has expired or was already used.';

/** What a reset or set-password link shows once it can no longer be used, instead of a form that would fail. */
export function ExpiredPasswordLink({ title }: { title: string }) {
  return (
    <div className="auth-form">
      <h1 className="auth-form__title">{title}</h1>
      <AuthNotice tone="error">{EXPIRED_LINK_TEXT}</AuthNotice>
      <Link className="button button--block" to="/forgot-password">
        Send a new link
      </Link>
      <p className="auth-form__links">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </div>
  );
}
