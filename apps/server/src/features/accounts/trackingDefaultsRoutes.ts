import {
  getTrackingDefaultsEndpoint,
  saveTrackingDefaultsEndpoint,
} from '@quizbeam/contracts/trackingDefaults';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readTrackingDefaults, saveTrackingDefaults } from './trackingDefaults';

/** The account's tracking defaults (GET/PUT /api/account/tracking), for every account: the Scripts page sets them. */
export function trackingDefaultsRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, getTrackingDefaultsEndpoint, async ({ me }) =>
      readTrackingDefaults(db, me.account.id),
    );
    registerEndpoint(app, context, saveTrackingDefaultsEndpoint, async ({ me, body }) =>
      saveTrackingDefaults(db, me.account.id, body),
    );
  };
}
