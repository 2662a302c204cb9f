import { meEndpoint } from '@quizbeam/contracts/auth';
import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import {
  cancelEmailChangeEndpoint,
  changeEmailEndpoint,
  changePasswordEndpoint,
  EMAIL_CHANGE_CANCELLED_TEXT,
  EMAIL_IN_USE_TEXT,
  emailChangeSentText,
  OTHER_SESSIONS_SIGNED_OUT_TEXT,
  PASSWORD_CHANGED_TEXT,
  type Profile,
  profileEndpoint,
  signOutOtherSessionsEndpoint,
  WRONG_CURRENT_PASSWORD_TEXT,
} from '@quizbeam/contracts/profile';
import { listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { PASSWORDS_DO_NOT_MATCH } from '../auth/PasswordForm';
import { CURRENT_PASSWORD_REQUIRED_TEXT } from './profileTexts';

const user = accountHolder();

/** A server keeping one user's profile, changed by the Profile calls as the real one does. */
function profileServer(initial: Partial<Profile> = {}, overrides: FakeRoute[] = []) {
  const profile: Profile = {
    email: user.email,
    pendingEmail: null,
    otherSessions: 2,
    currentSessionStartedAt: '2026-03-02T14:05:00.000Z',
    ...initial,
  };
  return routeFetch([
    on(meEndpoint, user),
    on(listQuizzesEndpoint, []),
    ...overrides,
    on(profileEndpoint, () => ({ status: 200, body: { ...profile } })),
    on(changePasswordEndpoint, () => {
      const signedOut = profile.otherSessions;
      profile.otherSessions = 0;
      return { status: 200, body: { signedOut } };
    }),
    on(changeEmailEndpoint, ({ body }) => {
      profile.pendingEmail = (body as { newEmail: string }).newEmail.trim();
      return { status: 200, body: { pendingEmail: profile.pendingEmail } };
    }),
    on(cancelEmailChangeEndpoint, () => {
      profile.pendingEmail = null;
      return { status: 200, body: { ok: true } };
    }),
    on(signOutOtherSessionsEndpoint, () => {
      const signedOut = profile.otherSessions;
      profile.otherSessions = 0;
      return { status: 200, body: { signedOut } };
    }),
  ]);
}

async function openProfile() {
  renderApp('/profile');
  expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
}

const section = (name: string) => screen.getByRole('region', { name });
const fill = (region: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(region).getByLabelText(label), { target: { value } });
const isInvalid = (region: HTMLElement, label: string) =>
  within(region).getByLabelText(label).getAttribute('aria-invalid') === 'true';
const callsTo = (fetchMock: ReturnType<typeof routeFetch>, route: string) =>
  receivedCalls(fetchMock).filter((call) => call.route === route);

describe('Profile', () => {
  it('is reached from the avatar and shows the email and the other sessions', async () => {
    profileServer();
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'My Quizzes' });
    fireEvent.click(screen.getByRole('link', { name: /ada lovelace/ }));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(await within(section('Email')).findByText(user.email)).toBeTruthy();
    const sessions = section('Sessions');
    expect(within(sessions).getByText('You are signed in on 2 other devices or browsers.')).toBeTruthy();
    expect(within(sessions).getByText(/^You signed in here on Mar 2, 2026/)).toBeTruthy();
    // The sidebar's own links stay as they were.
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).queryByRole('link', { name: /Profile/ })).toBeNull();
  });

  it("says the passwords don't match without sending anything, then changes the password", async () => {
    const fetchMock = profileServer();
    await openProfile();
    const password = section('Password');
    fill(password, 'Current Password', 'old secret');
    fill(password, 'New Password', 'new secret');
    fill(password, 'Confirm New Password', 'new secrets');
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(isInvalid(password, 'New Password')).toBe(true);
    expect(isInvalid(password, 'Confirm New Password')).toBe(true);
    expect(callsTo(fetchMock, 'PUT /api/profile/password')).toEqual([]);

    fill(password, 'Confirm New Password', 'new secret');
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_CHANGED_TEXT);
    expect(callsTo(fetchMock, 'PUT /api/profile/password')).toEqual([
      {
        route: 'PUT /api/profile/password',
        body: { currentPassword: 'old secret', newPassword: 'new secret' },
      },
    ]);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect((within(password).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    // The other sessions were signed out with it: the count is loaded again.
    expect(
      await within(section('Sessions')).findByText('You are not signed in on any other device or browser.'),
    ).toBeTruthy();
  });

  it("shows the server's text on a wrong current password and marks that field", async () => {
    profileServer({}, [
      on(
        changePasswordEndpoint,
        answerWith(422, { error: WRONG_CURRENT_PASSWORD_TEXT, code: 'invalid_credentials' }),
      ),
    ]);
    await openProfile();
    const password = section('Password');
    fill(password, 'Current Password', 'guess');
    fill(password, 'New Password', 'new secret');
    fill(password, 'Confirm New Password', 'new secret');
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    expect(isInvalid(password, 'Current Password')).toBe(true);
    expect(isInvalid(password, 'New Password')).toBe(false);
    expect((within(password).getByLabelText('New Password') as HTMLInputElement).value).toBe('new secret');
  });

  it('asks for an email change, shows it pending, and cancels it', async () => {
    const fetchMock = profileServer();
    await openProfile();
    const email = section('Email');
    fill(email, 'New Email', 'not an address');
    fireEvent.click(within(email).getByRole('button', { name: 'Change Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_EMAIL_TEXT);
    expect(isInvalid(email, 'New Email')).toBe(true);
    fill(email, 'New Email', 'grace@example.org');
    fireEvent.click(within(email).getByRole('button', { name: 'Change Email' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CURRENT_PASSWORD_REQUIRED_TEXT));
    expect(isInvalid(email, 'Current Password')).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/profile/email')).toEqual([]);

    fill(email, 'Current Password', 'old secret');
    fireEvent.click(within(email).getByRole('button', { name: 'Change Email' }));
    expect((await screen.findByRole('status')).textContent).toBe(emailChangeSentText('grace@example.org'));
    expect(callsTo(fetchMock, 'POST /api/profile/email')).toEqual([
      {
        route: 'POST /api/profile/email',
        body: { newEmail: 'grace@example.org', currentPassword: 'old secret' },
      },
    ]);
    expect(await within(email).findByText(/Waiting for you to confirm grace@example.org/)).toBeTruthy();
    expect(within(email).getByText(user.email)).toBeTruthy();

    fireEvent.click(within(email).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(EMAIL_CHANGE_CANCELLED_TEXT));
    await waitFor(() => expect(within(email).queryByText(/Waiting for you to confirm/)).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/profile/email')).toHaveLength(1);
  });

  it('says an address is already in use and marks the new email', async () => {
    profileServer({}, [
      on(changeEmailEndpoint, answerWith(409, { error: EMAIL_IN_USE_TEXT, code: 'conflict' })),
    ]);
    await openProfile();
    const email = section('Email');
    fill(email, 'New Email', 'taken@example.org');
    fill(email, 'Current Password', 'old secret');
    fireEvent.click(within(email).getByRole('button', { name: 'Change Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_IN_USE_TEXT);
    expect(isInvalid(email, 'New Email')).toBe(true);
    expect(isInvalid(email, 'Current Password')).toBe(false);
  });

  it('signs out the other sessions', async () => {
    const fetchMock = profileServer({ otherSessions: 1 });
    await openProfile();
    const sessions = section('Sessions');
    expect(await within(sessions).findByText('You are signed in on 1 other device or browser.')).toBeTruthy();
    fireEvent.click(within(sessions).getByRole('button', { name: 'Sign Out Other Sessions' }));
    expect((await screen.findByRole('status')).textContent).toBe(OTHER_SESSIONS_SIGNED_OUT_TEXT);
    expect(
      await within(sessions).findByText('You are not signed in on any other device or browser.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/profile/sessions/sign-out-others')).toHaveLength(1);
  });

  it('shows the default error when the profile cannot be loaded', async () => {
    profileServer({}, [on(profileEndpoint, answerWith(500, { error: 'Boom', code: 'internal' }))]);
    await openProfile();
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(
      (
        within(section('Sessions')).getByRole('button', {
          name: 'Sign Out Other Sessions',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });
});
