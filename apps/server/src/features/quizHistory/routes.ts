import type { Me } from '@quizbeam/contracts/auth';
import {
  getQuizVersionEndpoint,
  leaveQuizPresenceEndpoint,
  listQuizVersionsEndpoint,
  reportQuizPresenceEndpoint,
  restoreQuizVersionEndpoint,
} from '@quizbeam/contracts/quizHistory';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { type RateLimit, visitorBusyMessage } from '../../security/rateLimiter';
import { hashToken } from '../../shared/secureTokens';
import { readSessionToken } from '../auth/sessionCookie';
import { leaveQuizPresence, reportQuizPresence } from './quizPresence';
import { findQuizVersion, listQuizVersions } from './quizVersionQueries';
import { restoreQuizVersion } from './restoreQuizVersion';

/**
 * Presence calls per signed-in session (one browser): a tab reports every 10 seconds and when shown again,
 * so this leaves room for about twenty editor tabs, not for a script hammering the database.
 */
export const PRESENCE_RATE_LIMIT: RateLimit = { max: 180, windowMs: 60_000 };

/** The quiz's history (list, one version, restore) and who has it open in an editor tab. */
export function quizHistoryRoutes(
  context: AppContext,
  presenceLimit = PRESENCE_RATE_LIMIT,
): FastifyPluginAsyncZod {
  const { db, limiter, config } = context;

  const limitPresence = (request: FastifyRequest, me: Me) => {
    // The session's token, hashed, names the session in the limiter's store; the user when it is unreadable.
    const token = readSessionToken(request, config);
    const session = token ? hashToken(token) : `user:${me.userId}`;
    return limiter.hit([{ key: `presence:${session}`, limit: presenceLimit }], visitorBusyMessage);
  };

  return async (app) => {
    registerEndpoint(app, context, listQuizVersionsEndpoint, async ({ me, params }) =>
      listQuizVersions(db, me.account.id, params.id),
    );

    registerEndpoint(app, context, getQuizVersionEndpoint, async ({ me, params }) =>
      findQuizVersion(db, me.account.id, params.id, params.versionId),
    );

    registerEndpoint(app, context, restoreQuizVersionEndpoint, async ({ me, params, body }) =>
      restoreQuizVersion(db, me.account, me.userId, params.id, params.versionId, body.revision),
    );

    registerEndpoint(app, context, reportQuizPresenceEndpoint, async ({ me, params, body, request }) => {
      await limitPresence(request, me);
      return reportQuizPresence(db, {
        accountId: me.account.id,
        userId: me.userId,
        quizId: params.id,
        tabId: body.tabId,
      });
    });

    registerEndpoint(app, context, leaveQuizPresenceEndpoint, async ({ me, params, request }) => {
      await limitPresence(request, me);
      await leaveQuizPresence(db, {
        accountId: me.account.id,
        userId: me.userId,
        quizId: params.id,
        tabId: params.tabId,
      });
      return { ok: true as const };
    });
  };
}
