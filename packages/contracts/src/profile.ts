import { z } from 'zod';
import { endpoint, okResponseSchema } from './endpoint';

/*
 * The Profile screen's calls: the signed-in user's own sign-in email, password and sessions. Every call is
 * about the caller's own user, so none names an id. Changing the password or the email asks for the current
 * password first (wrong: 422 `invalid_credentials`, counted like failed sign-ins); a new email only takes
 * effect once the link mailed to it is opened.
 */

export const PASSWORD_CHANGED_TEXT = 'Password has been changed.';
export const OTHER_SESSIONS_SIGNED_OUT_TEXT = 'Other sessions have been signed out.';
export const EMAIL_CHANGE_CANCELLED_TEXT = 'The email change has been cancelled.';
export const emailChangeSentText = (newEmail: string) =>
  `Check ${newEmail} for a link to confirm your new email address.`;

export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is not correct.';
export const EMAIL_IN_USE_TEXT = 'That email address is already in use.';
export const SAME_EMAIL_TEXT = 'That is already your email address.';

/** How long a confirmation link of a new email works. */
export const EMAIL_CHANGE_LIFETIME_HOURS = 24;

const password = z.string().min(1).max(1024);

export const profileSchema = z.object({
  email: z.string(),
  /** A new email waiting for its confirmation link to be opened, or null. */
  pendingEmail: z.string().nullable(),
  /** The user's sessions in other browsers or devices (not ended, not idle too long). */
  otherSessions: z.number().int().min(0),
  currentSessionStartedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: password,
  // Its length rule is the server's, so that the answer says why in words rather than as a schema error.
  newPassword: z.string().max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const signedOutSessionsSchema = z.object({ signedOut: z.number().int().min(0) });
export type SignedOutSessions = z.infer<typeof signedOutSessionsSchema>;

export const changeEmailBodySchema = z.object({
  newEmail: z.string().trim().min(1).max(320),
  currentPassword: password,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const emailChangeRequestedSchema = z.object({ pendingEmail: z.string() });

export const profileEndpoint = endpoint({
  method: 'GET',
  path: '/api/profile',
  access: 'user',
  summary: 'The signed-in user’s email, a pending email change, and how many other sessions they have',
  response: profileSchema,
});

export const changePasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/api/profile/password',
  access: 'user',
  summary:
    'Change the password (the current one is checked); signs out every other session of the user and emails a notice',
  body: changePasswordBodySchema,
  response: signedOutSessionsSchema,
});

export const changeEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/profile/email',
  access: 'user',
  summary:
    'Ask to change the sign-in email (the current password is checked): a confirmation link goes to the new address',
  body: changeEmailBodySchema,
  response: emailChangeRequestedSchema,
});

export const cancelEmailChangeEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/profile/email',
  access: 'user',
  summary: 'Cancel a pending email change: its link stops working',
  response: okResponseSchema,
});

export const signOutOtherSessionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/profile/sessions/sign-out-others',
  access: 'user',
  summary: 'Sign out every other session of the user; this one stays',
  response: signedOutSessionsSchema,
});
