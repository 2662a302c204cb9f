import { normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import {
  leadEmailUnsubscribeEndpoint,
  leadEmailUnsubscribePageEndpoint,
  listUnsubscribedRecipientsEndpoint,
  resubscribeRecipientEndpoint,
} from '@quizbeam/contracts/leadNotifications';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { RateLimit } from '../../security/rateLimiter';
import { notFound } from '../../shared/appError';
import { UNSUBSCRIBE_PAGE_POLICY, type UnsubscribePageState, unsubscribePage } from './unsubscribePage';
import {
  listUnsubscribed,
  resubscribe,
  subjectOfUnsubscribeToken,
  unsubscribe,
  unsubscribeState,
} from './unsubscribes';

/**
 * Unsubscribe posts per address: a person presses the button once, but one-click unsubscribes come from the
 * mail providers' servers, each posting for many of their users; this stops a flood, not them.
 */
export const UNSUBSCRIBE_RATE_LIMIT: RateLimit = { max: 120, windowMs: 15 * 60_000 };

/** The unsubscribe link's pages, and the Capture Form's view of who unsubscribed. */
export function leadNotificationRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { config, db, limiter, sessionSecret } = context;

  // The builder's same-origin referrer policy stays: under no-referrer the browser would send the button's
  // post with `Origin: null`, which the origin check refuses.
  function sendPage(reply: FastifyReply, status: number, state: UnsubscribePageState) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', UNSUBSCRIBE_PAGE_POLICY)
      .send(unsubscribePage(config.basePath, state));
  }

  return async (app) => {
    // The page's button posts an empty form, a mail program's one-click unsubscribe
    // `List-Unsubscribe=One-Click`, as either form type: the token in the path says everything.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, undefined),
      );
    }

    registerEndpoint(app, context, leadEmailUnsubscribePageEndpoint, async ({ params, reply }) => {
      const subject = await subjectOfUnsubscribeToken(db, sessionSecret, params.token);
      const state = subject && (await unsubscribeState(db, subject));
      if (!subject || !state) return sendPage(reply, 404, { kind: 'invalid' });
      return sendPage(
        reply,
        200,
        state.unsubscribed
          ? { kind: 'unsubscribed', quizName: state.quizName, email: subject.email }
          : { kind: 'ready', token: params.token, quizName: state.quizName, email: subject.email },
      );
    });

    registerEndpoint(app, context, leadEmailUnsubscribeEndpoint, async ({ params, request, reply }) => {
      await limiter.hit([{ key: `lead-email-unsubscribe:ip:${request.ip}`, limit: UNSUBSCRIBE_RATE_LIMIT }]);
      const subject = await subjectOfUnsubscribeToken(db, sessionSecret, params.token);
      const quizName = subject && (await unsubscribe(db, subject));
      if (!subject || quizName === null) return sendPage(reply, 404, { kind: 'invalid' });
      return sendPage(reply, 200, { kind: 'unsubscribed', quizName, email: subject.email });
    });

    registerEndpoint(app, context, listUnsubscribedRecipientsEndpoint, async ({ me, params }) => ({
      emails: await listUnsubscribed(db, me.account.id, params.quizId),
    }));

    registerEndpoint(app, context, resubscribeRecipientEndpoint, async ({ me, params }) => {
      const email = normalizeEmailAddress(params.email);
      if (email === null) throw notFound();
      await resubscribe(db, me.account.id, params.quizId, email);
      return { ok: true as const };
    });
  };
}
