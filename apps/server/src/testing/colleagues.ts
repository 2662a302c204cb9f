import { users } from '@quizbeam/db/schema';
import { hashPassword } from '../features/auth/passwordHashing';
import {
  APP_ORIGIN,
  type ApiCall,
  endpointCaller,
  type SignedInAccount,
  sessionCookieFrom,
  type TestApp,
} from './testApp';

/** Another user of the same account (a teammate), signed in through POST /api/login. */
export async function signInColleague(t: TestApp, of: SignedInAccount): Promise<SignedInAccount> {
  const userId = crypto.randomUUID();
  const email = `colleague-${userId.slice(0, 8)}@example.com`;
  await t.database.db.insert(users).values({
    id: userId,
    accountId: of.accountId,
    email,
    passwordHash: await hashPassword('colleague password'),
    isAdmin: false,
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email, password: 'colleague password' },
  });
  const cookie = sessionCookieFrom(login);
  const headers = { cookie, origin: APP_ORIGIN, 'content-type': 'application/json' };
  const call: ApiCall = (method, url, payload) =>
    payload ? t.app.inject({ method, url, headers, payload }) : t.app.inject({ method, url, headers });
  const send = endpointCaller(t.app, { cookie, origin: APP_ORIGIN });
  return { accountId: of.accountId, userId, email, cookie, call, send };
}
