import {
  passwordCodeStatusEndpoint,
  resetPasswordEndpoint,
  setPasswordEndpoint,
} from '@quizbeam/contracts/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageNavigation } from '../../routing/loadFullPage';
import { answerWith, notFound, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { EXPIRED_LINK_TEXT } from './ExpiredPasswordLink';

/** The link check every reset and set-password screen makes when it opens. */
const usableLink = on(passwordCodeStatusEndpoint, { valid: true });

async function fillPasswords(password: string, confirmation: string) {
  fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirmation } });
}

describe('reset and set password', () => {
  beforeEach(() => {
    window.dataLayer = undefined;
  });

  it("refuses mismatched passwords with 'Passwords don't match.', marks both inputs and sends nothing", async () => {
    const fetchMock = routeFetch([usableLink, on(resetPasswordEndpoint, { ok: true })]);
    renderApp('/reset-password/user-1/code-1');
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeTruthy();
    await fillPasswords('secret1', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Set Your New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Passwords don't match.");
    for (const label of ['New Password', 'Confirm New Password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.className).toContain('input--error');
    }
    expect(receivedCalls(fetchMock).map((call) => call.route)).toEqual([
      'GET /api/password-codes/reset/user-1/code-1',
    ]);
  });

  it.each([
    ['/reset-password/user-1/code-1', 'Reset Your Password', 'GET /api/password-codes/reset/user-1/code-1'],
    ['/set-password/user-1/code-1', 'Thanks For Joining Us!', 'GET /api/password-codes/set/user-1/code-1'],
  ])(
    '%s checks the link when it opens and offers a new one when it is used or expired',
    async (path, title, check) => {
      const fetchMock = routeFetch([on(passwordCodeStatusEndpoint, { valid: false })]);
      renderApp(path);
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(EXPIRED_LINK_TEXT);
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(receivedCalls(fetchMock).map((call) => call.route)).toEqual([check]);
      fireEvent.click(screen.getByRole('link', { name: 'Send a new link' }));
      expect(await screen.findByRole('heading', { name: 'Forgot Your Password?' })).toBeTruthy();
    },
  );

  it('treats a malformed link (404) as expired, and shows the form when the check itself fails', async () => {
    routeFetch([on(passwordCodeStatusEndpoint, notFound)]);
    renderApp('/reset-password/not-a-user/code-1');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED_LINK_TEXT);
    cleanup();
    routeFetch([on(passwordCodeStatusEndpoint, answerWith(503, {}))]);
    renderApp('/reset-password/user-1/code-1');
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
  });

  it('sends the payload and reloads into the app', async () => {
    const fetchMock = routeFetch([usableLink, on(resetPasswordEndpoint, { ok: true })]);
    renderApp('/reset-password/user-1/code-1');
    await fillPasswords('secret1', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Your New Password' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/reset-password',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ password: 'secret1', passwordResetCode: 'code-1', userId: 'user-1' }),
      }),
    );
  });

  it("marks the inputs errored and shows the server's text on 422", async () => {
    routeFetch([
      usableLink,
      on(resetPasswordEndpoint, answerWith(422, { error: 'This link has expired.', code: 'invalid_code' })),
    ]);
    renderApp('/reset-password/user-1/code-1');
    await fillPasswords('secret1', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Your New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired.');
    for (const label of ['New Password', 'Confirm New Password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.className).toContain('input--error');
    }
    expect(screen.getByRole('button', { name: 'Set Your New Password' })).toHaveProperty('disabled', false);
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it('shows the default error for any other failure', async () => {
    routeFetch([
      usableLink,
      on(setPasswordEndpoint, answerWith(500, { error: 'Internal error.', code: 'internal' })),
    ]);
    renderApp('/set-password/user-1/code-1');
    await fillPasswords('secret1', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(alert.textContent).toContain('support@quizbeam.app');
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('pushes a purchase event after creating the account', async () => {
    routeFetch([usableLink, on(setPasswordEndpoint, { accountId: 'account-9' })]);
    renderApp('/set-password/user-1/code-1');
    expect(await screen.findByRole('heading', { name: 'Thanks For Joining Us!' })).toBeTruthy();
    expect(screen.getByText('Your password must be at least 6 characters long.')).toBeTruthy();
    await fillPasswords('secret1', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(window.dataLayer).toEqual([{ event: 'purchase', accountId: 'account-9' }]);
  });
});
