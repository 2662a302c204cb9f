import type { Me } from '@quizbeam/contracts/auth';
import {
  cancelEmailChangeEndpoint,
  changeEmailEndpoint,
  changePasswordEndpoint,
  EMAIL_CHANGE_LIFETIME_HOURS,
  profileEndpoint,
  signOutOtherSessionsEndpoint,
} from '@quizbeam/contracts/profile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EmailMessage } from '../../email/mailer';
import {
  confirmNewEmailMessage,
  emailChangedMessage,
  passwordChangedMessage,
} from '../../email/profileMessages';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { FailureRule } from '../../security/rateLimiter';
import { unauthenticated } from '../../shared/appError';
import { hashToken } from '../../shared/secureTokens';
import { emailLookupKey } from '../accounts/findUserByEmail';
import { assertPasswordAcceptable } from '../auth/passwordPolicy';
import { readSessionToken } from '../auth/sessionCookie';
import { checkCurrentPassword, replacePassword, wrongCurrentPassword } from './changePassword';
import { confirmEmailChange, emailOfUsableChange } from './confirmEmailChange';
import { confirmEmailEndpoint, confirmEmailPageEndpoint } from './confirmEmailEndpoints';
import { CONFIRM_EMAIL_PAGE_POLICY, type ConfirmEmailPageState, confirmEmailPage } from './confirmEmailPage';
import { cancelEmailChange, requestEmailChange, validNewEmail } from './emailChanges';
import { endOtherSessions } from './otherSessions';
import { profileSummary } from './profileSummary';

/**
 * The Profile screen's calls (the caller's own email, password and sessions) and the pages of the new
 * email's confirmation link.
 */
export function profileRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { config, db, limiter, mailer, rateLimits } = context;
  const builderUrl = `${config.appUrl}${config.basePath}`;

  /** The caller's own session, which a sign-out of the others keeps. */
  function caller(request: FastifyRequest, me: Me) {
    const token = readSessionToken(request, config);
    if (!token) throw unauthenticated();
    return { userId: me.userId, currentTokenHash: hashToken(token) };
  }

  /**
   * Checks the current password under the same counts as sign-in (the address's failures, and the email's,
   * whose failures slow its attempts down): a stolen session gets no guesses beyond the sign-in form's.
   */
  async function proveCurrentPassword(request: FastifyRequest, me: Me, password: string) {
    const rules: FailureRule[] = [
      { key: `login:ip:${request.ip}`, limit: rateLimits.loginPerIp },
      {
        key: `login:email:${emailLookupKey(me.email) ?? me.email.toLowerCase()}`,
        slowDown: rateLimits.loginPerEmail,
      },
    ];
    await limiter.beginAttempt(rules);
    const checked = await checkCurrentPassword(db, me.userId, password);
    if (!checked.valid || checked.passwordHash === null) throw wrongCurrentPassword();
    await limiter.attemptSucceeded(rules);
    return { passwordHash: checked.passwordHash, email: checked.email };
  }

  /** A notice is not worth failing (or holding up) the change it tells of: it goes after the answer. */
  function sendNotice(request: FastifyRequest, message: EmailMessage): void {
    mailer.send(message).catch((error: unknown) => request.log.error({ err: error }, 'profile notice email'));
  }

  // The builder's same-origin referrer policy stays: under no-referrer the browser would send the button's
  // post with `Origin: null`, which the origin check refuses.
  function sendConfirmEmailPage(reply: FastifyReply, status: number, state: ConfirmEmailPageState) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONFIRM_EMAIL_PAGE_POLICY)
      .send(confirmEmailPage(config.basePath, state));
  }

  return async (app) => {
    // The confirmation page's button posts an empty form; its content is ignored.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    registerEndpoint(app, context, profileEndpoint, async ({ me, request }) =>
      profileSummary(db, caller(request, me)),
    );

    registerEndpoint(app, context, changePasswordEndpoint, async ({ me, body, request }) => {
      // A refused new password is said before the current one is checked, and costs no attempt.
      assertPasswordAcceptable(body.newPassword);
      const proved = await proveCurrentPassword(request, me, body.currentPassword);
      const result = await replacePassword(db, {
        ...caller(request, me),
        checkedHash: proved.passwordHash,
        newPassword: body.newPassword,
      });
      sendNotice(request, passwordChangedMessage(proved.email, `${builderUrl}/forgot-password`));
      return result;
    });

    /*
     * Whether an address is taken is said only to whoever knows this user's password, and at most as often as
     * an address may be sent a confirmation link: far less than a list of addresses needs.
     */
    registerEndpoint(app, context, changeEmailEndpoint, async ({ me, body, request }) => {
      validNewEmail(body.newEmail);
      await limiter.hit([
        { key: `email-change:user:${me.userId}`, limit: rateLimits.resetEmailPerEmail },
        { key: `email-change:ip:${request.ip}`, limit: rateLimits.resetEmailPerIp },
      ]);
      await proveCurrentPassword(request, me, body.currentPassword);
      const change = await requestEmailChange(db, { userId: me.userId, newEmail: body.newEmail });
      await mailer.send(
        confirmNewEmailMessage(
          change.newEmail,
          { currentEmail: change.currentEmail, lifetimeHours: EMAIL_CHANGE_LIFETIME_HOURS },
          `${builderUrl}/confirm-email/${change.code}`,
        ),
      );
      return { pendingEmail: change.newEmail };
    });

    registerEndpoint(app, context, cancelEmailChangeEndpoint, async ({ me }) => {
      await cancelEmailChange(db, me.userId);
      return { ok: true as const };
    });

    registerEndpoint(app, context, signOutOtherSessionsEndpoint, async ({ me, request }) => ({
      signedOut: await endOtherSessions(db, caller(request, me)),
    }));

    registerEndpoint(app, context, confirmEmailPageEndpoint, async ({ params, request, reply }) => {
      await limiter.hit([
        { key: `email-change-check:ip:${request.ip}`, limit: rateLimits.passwordCodeCheckPerIp },
      ]);
      const newEmail = await emailOfUsableChange(db, params.code);
      return newEmail === null
        ? sendConfirmEmailPage(reply, 404, { kind: 'invalid' })
        : sendConfirmEmailPage(reply, 200, { kind: 'ready', code: params.code, newEmail });
    });

    registerEndpoint(app, context, confirmEmailEndpoint, async ({ params, request, reply }) => {
      await limiter.hit([
        { key: `email-change-confirm:ip:${request.ip}`, limit: rateLimits.passwordChangePerIp },
      ]);
      const outcome = await confirmEmailChange(db, params.code);
      if (outcome.kind !== 'changed') {
        return sendConfirmEmailPage(reply, outcome.kind === 'taken' ? 409 : 404, outcome);
      }
      sendNotice(
        request,
        emailChangedMessage(outcome.oldEmail, {
          newEmail: outcome.newEmail,
          supportEmail: config.supportEmail,
        }),
      );
      return sendConfirmEmailPage(reply, 200, { kind: 'changed', newEmail: outcome.newEmail });
    });
  };
}
