import { loginEndpoint, meEndpoint, passwordResetEmailEndpoint } from '@quizbeam/contracts/auth';
import { listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { sharedQuizEndpoint } from '@quizbeam/contracts/sharing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '../../routing/loadFullPage';
import { accountHolder, answerWith, on, routeFetch, signedOut } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { clearNotification } from '../../ui/notifications/notificationStore';

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in screens', () => {
  it('signs in and reloads into the app', async () => {
    const fetchMock = routeFetch([on(loginEndpoint, { ok: true })]);
    renderApp('/login');
    await signIn();
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'ada@example.com', password: 'secret1' }),
      }),
    );
  });

  it("shows the server's text and marks the inputs on wrong credentials", async () => {
    routeFetch([
      on(loginEndpoint, answerWith(422, { error: 'Wrong email or password.', code: 'invalid_credentials' })),
    ]);
    renderApp('/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it("shows the server's text when rate limited", async () => {
    routeFetch([
      on(
        loginEndpoint,
        answerWith(429, { error: 'Too many attempts. Try again later.', code: 'rate_limited' }),
      ),
    ]);
    renderApp('/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts. Try again later.');
  });

  it('shows the default error when the server fails', async () => {
    routeFetch([on(loginEndpoint, answerWith(503, {}))]);
    renderApp('/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
  });

  it('returns to the page asked for while signed out: /share/{code}/ goes to sign-in and back', async () => {
    routeFetch([on(meEndpoint, answerWith(401, signedOut)), on(loginEndpoint, { ok: true })]);
    const router = renderApp('/share/abc123/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=/share/abc123/');
    await signIn();
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/share/abc123/'));
  });

  it('keeps the query of a builder page asked for', async () => {
    routeFetch([on(meEndpoint, answerWith(401, signedOut)), on(loginEndpoint, { ok: true })]);
    const router = renderApp('/integrations/aweber/auth-success?x=1&y=2');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/integrations/aweber/auth-success?x=1&y=2',
    );
    await signIn();
    await waitFor(() =>
      expect(pageNavigation.assign).toHaveBeenCalledWith('/integrations/aweber/auth-success?x=1&y=2'),
    );
  });

  it.each([
    '//evil.com',
    '//evil.com/share/abc/',
    'https://evil.com/',
    '/\\evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'share/abc/',
    '/\tevil.com',
    '',
  ])('goes to / after sign-in when next is %j, never elsewhere', async (next) => {
    routeFetch([on(meEndpoint, answerWith(401, signedOut)), on(loginEndpoint, { ok: true })]);
    renderApp(`/login?next=${encodeURIComponent(next)}`);
    await signIn();
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
  });

  it('sends a signed-in user from /login to the dashboard, or to the page asked for', async () => {
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(listQuizzesEndpoint, []),
      on(sharedQuizEndpoint, { name: 'Dog quiz' }),
    ]);
    const router = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    cleanup();
    const toShare = renderApp('/login?next=/share/abc123/');
    await waitFor(() => expect(toShare.state.location.pathname).toBe('/share/abc123/'));
  });

  it('links to the forgot-password screen, which confirms the email was handled', async () => {
    const fetchMock = routeFetch([on(passwordResetEmailEndpoint, { ok: true })]);
    renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Your Password?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      "If an account exists for ada@example.com, we've sent a link to reset your password.",
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/password-reset-email',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
    // The confirmation stays after notifications clear (10 seconds), while the user looks for the email.
    clearNotification();
    expect(screen.getByRole('status').textContent).toContain(
      "If an account exists for ada@example.com, we've sent a link to reset your password.",
    );
  });
});
