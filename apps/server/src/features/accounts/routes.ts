import { accountExportEndpoint, getAccountEndpoint, saveAccountEndpoint } from '@quizbeam/contracts/account';
import type { Me } from '@quizbeam/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFound } from '../../shared/appError';
import { countAccountExport } from './accountExport/exportLimit';
import { sendAccountExport } from './sendAccountExport';
import { trackingDefaultsRoutes } from './trackingDefaultsRoutes';
import { accountSettings, saveShowPoweredByBadge } from './usageLimits/accountSettings';

/** The Account page exists only for accounts with commercial features: for the others it is a 404. */
function assertHasAccountPage(me: Me): void {
  if (!me.account.permissions.commercialFeatures) throw notFound();
}

/** The signed-in user's account settings and usage limits (GET/PUT /api/account). */
export function accountRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db, config } = context;
  return async (app) => {
    registerEndpoint(app, context, getAccountEndpoint, async ({ me }) => {
      assertHasAccountPage(me);
      return accountSettings(db, config, me.account.id);
    });

    registerEndpoint(app, context, saveAccountEndpoint, async ({ me, body }) => {
      assertHasAccountPage(me);
      await saveShowPoweredByBadge(db, me.account.id, body.showPoweredByBadge);
      return accountSettings(db, config, me.account.id);
    });

    // Every account may export its own data (GDPR), limited ones and those without the Account page included.
    registerEndpoint(app, context, accountExportEndpoint, async ({ me, request, reply }) => {
      await countAccountExport(context.limiter, me.account.id);
      return sendAccountExport(context, { request, reply }, me.account);
    });

    await app.register(trackingDefaultsRoutes(context));
  };
}
