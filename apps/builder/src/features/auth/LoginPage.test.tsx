import { loginEndpoint, passwordResetEmailEndpoint } from '@quizbeam/contracts/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFullPage } from '../../routing/loadFullPage';
import { answerWith, on, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';

vi.mock('../../routing/loadFullPage', () => ({ loadFullPage: vi.fn() }));

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in screens', () => {
  beforeEach(() => {
    vi.mocked(loadFullPage).mockClear();
  });

  it('signs in and reloads into the app', async () => {
    const fetchMock = routeFetch([on(loginEndpoint, { ok: true })]);
    renderApp('/login');
    await signIn();
    await waitFor(() => expect(loadFullPage).toHaveBeenCalledWith('/'));
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
    expect(loadFullPage).not.toHaveBeenCalled();
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
  });
});
