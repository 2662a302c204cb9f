import { describe, expect, it } from 'vitest';
import { loginBodySchema, meSchema, passwordPayloadSchema } from './auth';
import { errorBodySchema } from './errors';

describe('auth contracts', () => {
  it('trims the email and requires a password to sign in', () => {
    expect(loginBodySchema.parse({ email: ' ann@example.com ', password: 'x' }).email).toBe(
      'ann@example.com',
    );
    expect(loginBodySchema.safeParse({ email: 'ann@example.com', password: '' }).success).toBe(false);
  });

  it('leaves password length to the server so it can answer with a clear 422', () => {
    expect(
      passwordPayloadSchema.safeParse({ password: '1', passwordResetCode: 'c', userId: 'u' }).success,
    ).toBe(true);
  });

  it('requires a non-empty account name for the sidebar', () => {
    const me = {
      userId: 'u',
      email: 'ann@example.com',
      isAdmin: false,
      account: {
        id: 'a',
        name: '',
        permissions: {
          isLimited: false,
          commercialFeatures: false,
          extraTemplates: false,
          proVersion: false,
        },
      },
    };
    expect(meSchema.safeParse(me).success).toBe(false);
  });

  it('knows only the stable error codes', () => {
    expect(errorBodySchema.safeParse({ error: 'x', code: 'rate_limited' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ error: 'x', code: 'teapot' }).success).toBe(false);
  });
});
