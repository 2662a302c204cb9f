import { eraseVisitorEndpoint } from '@quizbeam/contracts/visitorData';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { RateLimit } from '../../security/rateLimiter';
import { eraseVisitor } from './eraseVisitor';

/**
 * Erasures per account: a marketer answering requests one by one stays far below it; a script trying
 * addresses to learn who is in the account's leads does not.
 */
export const ERASURES_PER_ACCOUNT: RateLimit = { max: 60, windowMs: 15 * 60 * 1000 };

/** A visitor's data on request: erasing a person by email address. */
export function visitorDataRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db, limiter } = context;
  return async (app) => {
    registerEndpoint(app, context, eraseVisitorEndpoint, async ({ me, body }) => {
      await limiter.hit([{ key: `erasures:${me.account.id}`, limit: ERASURES_PER_ACCOUNT }]);
      return eraseVisitor(db, { accountId: me.account.id, userId: me.userId }, body.email);
    });
  };
}
