import { ACCOUNT_DISABLED_LOGIN_MESSAGE } from '@quizbeam/contracts/admin';
import {
  loginEndpoint,
  meEndpoint,
  type PasswordPayload,
  passwordCodeStatusEndpoint,
  passwordResetEmailEndpoint,
  resetPasswordEndpoint,
  setPasswordEndpoint,
} from '@quizbeam/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetMessage } from '../../email/messages';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { FailureRule } from '../../security/rateLimiter';
import { AppError } from '../../shared/appError';
import { accountOfUserIsDisabled } from '../accounts/accountDisabled';
import { emailLookupKey, findUserByEmail } from '../accounts/findUserByEmail';
import { logoutEndpoint, logoutPageEndpoint } from './logoutEndpoints';
import { LOGOUT_PAGE_POLICY, logoutPage } from './logoutPage';
import { isPasswordCodeUsable } from './passwordCodeStatus';
import { issuePasswordCode, redeemPasswordCode } from './passwordCodes';
import { verifyAgainstDummy, verifyPassword } from './passwordHashing';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './sessionCookie';
import { createSession, deleteSession, deleteUserSessions } from './sessions';

const BAD_CREDENTIALS = 'That email and password combination is not correct.';
const accountDisabled = () => new AppError('invalid_credentials', ACCOUNT_DISABLED_LOGIN_MESSAGE);

export function authRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { config, db, limiter, mailer, rateLimits } = context;
  // Text that is no valid address matches no user; it is still counted, under its own spelling.
  const emailKey = (prefix: string, email: string) =>
    `${prefix}:email:${emailLookupKey(email) ?? email.trim().toLowerCase()}`;

  async function sendResetEmail(email: string): Promise<void> {
    const found = await findUserByEmail(db, email);
    if (!found) return;
    const code = await issuePasswordCode(db, found.user.id, 'reset');
    const link = `${config.appUrl}${config.basePath}/reset-password/${found.user.id}/${code}`;
    await mailer.send(passwordResetMessage(found.user.email, link));
  }

  return async (app) => {
    // The Logout form posts an empty form body; nothing else here takes a form, so its content is ignored.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    // Only failures count: the address's are limited, the email's slow it down; a success clears the email's.
    registerEndpoint(app, context, loginEndpoint, async ({ body: { email, password }, request, reply }) => {
      const rules: FailureRule[] = [
        { key: `login:ip:${request.ip}`, limit: rateLimits.loginPerIp },
        { key: emailKey('login', email), slowDown: rateLimits.loginPerEmail },
      ];
      await limiter.beginAttempt(rules);
      const found = await findUserByEmail(db, email);
      const valid = found?.user.passwordHash
        ? await verifyPassword(found.user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!found || !valid) throw new AppError('invalid_credentials', BAD_CREDENTIALS);
      await limiter.attemptSucceeded(rules);
      // Said only to whoever knows the password: anyone else learns nothing about the account.
      if (await accountOfUserIsDisabled(db, found.user.id)) throw accountDisabled();
      setSessionCookie(reply, config, await createSession(db, found.user.id));
      return { ok: true as const };
    });

    registerEndpoint(app, context, passwordResetEmailEndpoint, async ({ body: { email }, request }) => {
      await limiter.hit([
        { key: `reset-email:ip:${request.ip}`, limit: rateLimits.resetEmailPerIp },
        { key: emailKey('reset-email', email), limit: rateLimits.resetEmailPerEmail },
      ]);
      // The same answer, as fast, whether or not the address has an account: the look-up, the code and
      // the email happen after the answer, so neither its body nor its timing can be used to probe.
      setImmediate(() => {
        sendResetEmail(email).catch((error: unknown) => request.log.error({ err: error }, 'reset email'));
      });
      return { ok: true as const };
    });

    // The reset and set-password screens ask before showing their form, so a dead link says so at once.
    registerEndpoint(app, context, passwordCodeStatusEndpoint, async ({ params, request }) => {
      await limiter.hit([
        { key: `password-code-check:ip:${request.ip}`, limit: rateLimits.passwordCodeCheckPerIp },
      ]);
      return { valid: await isPasswordCodeUsable(db, params) };
    });

    /**
     * Redeems a reset or set-password code; a new password ends every other session of the user. A
     * disabled account's user keeps the new password for when it is enabled, but is not signed in.
     */
    async function changePassword(
      purpose: 'reset' | 'set',
      request: FastifyRequest,
      reply: FastifyReply,
      body: PasswordPayload,
    ) {
      await limiter.hit([{ key: `password-change:ip:${request.ip}`, limit: rateLimits.passwordChangePerIp }]);
      const { userId, passwordResetCode, password } = body;
      const user = await redeemPasswordCode(db, { userId, code: passwordResetCode, purpose, password });
      await deleteUserSessions(db, user.userId);
      if (await accountOfUserIsDisabled(db, user.userId)) throw accountDisabled();
      setSessionCookie(reply, config, await createSession(db, user.userId));
      return user;
    }
    registerEndpoint(app, context, resetPasswordEndpoint, async ({ body, request, reply }) => {
      await changePassword('reset', request, reply, body);
      return { ok: true as const };
    });
    registerEndpoint(app, context, setPasswordEndpoint, async ({ body, request, reply }) => {
      const user = await changePassword('set', request, reply, body);
      return { accountId: user.accountId };
    });

    registerEndpoint(app, context, meEndpoint, async ({ me }) => me);

    // Signing out changes state, so it is a POST (the origin check refuses other sites' forms); a GET,
    // which any page could send with an image, only shows a button that posts.
    registerEndpoint(app, context, logoutEndpoint, async ({ request, reply }) => {
      const token = readSessionToken(request, config);
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply, config);
      return reply.redirect(`${config.basePath}/login`, 303);
    });
    registerEndpoint(app, context, logoutPageEndpoint, async ({ reply }) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', LOGOUT_PAGE_POLICY)
        .send(logoutPage(config.basePath)),
    );
  };
}
