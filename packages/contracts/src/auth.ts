import { z } from 'zod';
import { endpoint, idParam, okResponseSchema } from './endpoint';

export const PASSWORD_MIN_LENGTH = 6;

const email = z.string().trim().min(1).max(320);

export const loginBodySchema = z.object({ email, password: z.string().min(1).max(1024) });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordResetEmailBodySchema = z.object({ email });
export type PasswordResetEmailBody = z.infer<typeof passwordResetEmailBodySchema>;

/** The password payload: the same body for reset-password and set-password. */
export const passwordPayloadSchema = z.object({
  password: z.string().max(1024),
  passwordResetCode: z.string().min(1).max(200),
  userId: z.string().min(1).max(100),
});
export type PasswordPayload = z.infer<typeof passwordPayloadSchema>;

export const passwordCodePurposeSchema = z.enum(['reset', 'set']);
export type PasswordCodePurpose = z.infer<typeof passwordCodePurposeSchema>;

/** A reset or set-password link's parts; a malformed user id names nothing (404). */
export const passwordCodeParamsSchema = z.object({
  purpose: passwordCodePurposeSchema,
  userId: idParam,
  code: z.string().min(1).max(200),
});

export const passwordCodeStatusSchema = z.object({ valid: z.boolean() });
export type PasswordCodeStatus = z.infer<typeof passwordCodeStatusSchema>;

export const setPasswordResponseSchema = z.object({ accountId: z.string() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

export const permissionsSchema = z.object({
  isLimited: z.boolean(),
  commercialFeatures: z.boolean(),
  extraTemplates: z.boolean(),
  proVersion: z.boolean(),
});
export type Permissions = z.infer<typeof permissionsSchema>;

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  account: z.object({ id: z.string(), name: z.string().min(1), permissions: permissionsSchema }),
});
export type Me = z.infer<typeof meSchema>;

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  summary: 'Sign in; sets the session cookie',
  body: loginBodySchema,
  response: okResponseSchema,
});
export const passwordResetEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/password-reset-email',
  access: 'public',
  summary: 'Email a password reset link (the same answer whether or not the address has an account)',
  body: passwordResetEmailBodySchema,
  response: okResponseSchema,
});
export const resetPasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/api/reset-password',
  access: 'public',
  summary: 'Set a new password with a reset link; signs in',
  body: passwordPayloadSchema,
  response: okResponseSchema,
});
export const setPasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/api/set-password',
  access: 'public',
  summary: 'Choose the first password with a welcome link; signs in',
  body: passwordPayloadSchema,
  response: setPasswordResponseSchema,
});
export const passwordCodeStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/password-codes/:purpose/:userId/:code',
  access: 'public',
  summary:
    'Whether a reset or set-password link can still be used (unused and unexpired); the same answer for an unknown user',
  params: passwordCodeParamsSchema,
  response: passwordCodeStatusSchema,
});
export const meEndpoint = endpoint({
  method: 'GET',
  path: '/api/me',
  access: 'user',
  summary: 'The signed-in user and account, with its permissions',
  response: meSchema,
});
