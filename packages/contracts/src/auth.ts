import { z } from 'zod';
import { endpoint } from './endpoint';

export const PASSWORD_MIN_LENGTH = 6;

const email = z.string().trim().min(1).max(320);

export const loginBodySchema = z.object({ email, password: z.string().min(1).max(1024) });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordResetEmailBodySchema = z.object({ email });
export type PasswordResetEmailBody = z.infer<typeof passwordResetEmailBodySchema>;

/** The spec's "password payload": the same body for reset-password and set-password. */
export const passwordPayloadSchema = z.object({
  password: z.string().max(1024),
  passwordResetCode: z.string().min(1).max(200),
  userId: z.string().min(1).max(100),
});
export type PasswordPayload = z.infer<typeof passwordPayloadSchema>;

export const setPasswordResponseSchema = z.object({ accountId: z.string() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

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
  body: loginBodySchema,
  response: okResponseSchema,
});
export const passwordResetEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/password-reset-email',
  body: passwordResetEmailBodySchema,
  response: okResponseSchema,
});
export const resetPasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/api/reset-password',
  body: passwordPayloadSchema,
  response: okResponseSchema,
});
export const setPasswordEndpoint = endpoint({
  method: 'PUT',
  path: '/api/set-password',
  body: passwordPayloadSchema,
  response: setPasswordResponseSchema,
});
export const meEndpoint = endpoint({ method: 'GET', path: '/api/me', body: undefined, response: meSchema });
