import type { Endpoint } from '@quizbeam/contracts/endpoint';
import { expect } from 'vitest';
import { endpointCaller, type SignedInAccount, type TestApp } from './testApp';

/** The roles the tests sign in as: an admin, and every kind of account that is not one. */
export interface Roles {
  admin: SignedInAccount;
  plain: SignedInAccount;
  limited: SignedInAccount;
  commercial: SignedInAccount;
  extraTemplates: SignedInAccount;
}

export async function signInRoles(t: TestApp): Promise<Roles> {
  return {
    admin: await t.signIn({ isAdmin: true, name: 'Quizbeam HQ' }),
    plain: await t.signIn(),
    limited: await t.signIn({ isLimited: true }),
    commercial: await t.signIn({ commercialFeatures: true }),
    extraTemplates: await t.signIn({ extraTemplates: true }),
  };
}

export const nonAdminRoles = (roles: Roles) => [
  roles.plain,
  roles.limited,
  roles.commercial,
  roles.extraTemplates,
];

export interface EndpointCallInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The endpoint answers 404 to each non-admin and 401 signed out (a valid call otherwise). */
export async function expectAdminsOnly(
  t: TestApp,
  roles: Roles,
  declaration: Endpoint,
  input: EndpointCallInput,
): Promise<void> {
  for (const role of nonAdminRoles(roles)) {
    const answer = await role.send(declaration, input);
    expect([role.email, answer.statusCode, answer.json()]).toEqual([
      role.email,
      404,
      expect.objectContaining({ code: 'not_found' }),
    ]);
  }
  const signedOut = await endpointCaller(t.app, { origin: 'http://localhost:3000' })(declaration, input);
  expect(signedOut.statusCode).toBe(401);
}

/** A 400 whose message names the field. */
export function expectFieldError(answer: { statusCode: number; json(): unknown }, field: string): void {
  expect(answer.statusCode).toBe(400);
  const body = answer.json() as { code: string; error: string; field?: string };
  expect(body.code).toBe('validation_failed');
  expect(body.field === field || body.error.includes(field)).toBe(true);
}
