import type { Me } from '@quizbeam/contracts/auth';
import {
  createZapierHookEndpoint,
  deleteZapierHookEndpoint,
  getZapierApiKeyEndpoint,
  regenerateZapierApiKeyEndpoint,
  zapierLeadsEndpoint,
  zapierMeEndpoint,
  zapierQuizzesEndpoint,
} from '@quizbeam/contracts/zapier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { addressKey } from '../../security/addressKey';
import { type RateLimit, visitorBusyMessage } from '../../security/rateLimiter';
import { AppError, notFound } from '../../shared/appError';
import {
  refusePrivateWebhookAddress,
  WEBHOOK_URL_PRIVATE_TEXT,
} from '../webhooks/refusePrivateWebhookAddress';
import { zapierAccountLabel, zapierQuizzes } from './zapierAccount';
import { regenerateZapierApiKey, zapierApiKeyOf } from './zapierApiKeys';
import { createZapierHook, deleteZapierHook } from './zapierHooks';
import { latestZapierLeads } from './zapierLeads';

const MINUTE = 60_000;

/**
 * The Zapier-facing API's limits. Zapier polls every few minutes and subscribes rarely; its calls for
 * many accounts come from few addresses, so the per-address limit is the wider one.
 */
export const ZAPIER_RATE_LIMITS: { perAddress: RateLimit; perAccount: RateLimit } = {
  perAddress: { max: 1200, windowMs: MINUTE },
  perAccount: { max: 300, windowMs: MINUTE },
};

/** Limited accounts have no Zapier: their key does not exist for them. */
function accountWithZapier(me: Me): string {
  if (me.account.permissions.isLimited) throw notFound();
  return me.account.id;
}

/**
 * Zapier: the account's API key for the builder's Zapier page, and the API the Zapier app calls with
 * that key (X-API-Key, see registerEndpoint's `apiKey` access).
 */
export function zapierRoutes(context: AppContext, limits = ZAPIER_RATE_LIMITS): FastifyPluginAsyncZod {
  const { db, config, limiter } = context;
  const box = context.secretBox;
  const limitAccount = (accountId: string) =>
    limiter.hit([{ key: `zapier:account:${accountId}`, limit: limits.perAccount }], visitorBusyMessage);
  return async (app) => {
    registerEndpoint(app, context, getZapierApiKeyEndpoint, async ({ me }) => ({
      apiKey: await zapierApiKeyOf(db, box, accountWithZapier(me)),
    }));

    registerEndpoint(app, context, regenerateZapierApiKeyEndpoint, async ({ me }) => ({
      apiKey: await regenerateZapierApiKey(db, box, accountWithZapier(me)),
    }));

    await app.register(async (zapierApi) => {
      // Before the key is checked, so that guessing keys costs the same as using one.
      zapierApi.addHook('onRequest', async (request) => {
        const key = `zapier:address:${addressKey(request.ip)}`;
        await limiter.hit([{ key, limit: limits.perAddress }], visitorBusyMessage);
      });

      registerEndpoint(zapierApi, context, zapierMeEndpoint, async ({ apiKeyAccountId }) => {
        await limitAccount(apiKeyAccountId);
        return zapierAccountLabel(db, apiKeyAccountId);
      });

      registerEndpoint(zapierApi, context, zapierQuizzesEndpoint, async ({ apiKeyAccountId }) => {
        await limitAccount(apiKeyAccountId);
        return zapierQuizzes(db, apiKeyAccountId);
      });

      registerEndpoint(zapierApi, context, zapierLeadsEndpoint, async ({ apiKeyAccountId, query }) => {
        await limitAccount(apiKeyAccountId);
        return latestZapierLeads(db, apiKeyAccountId, query.quizId);
      });

      registerEndpoint(zapierApi, context, createZapierHookEndpoint, async ({ apiKeyAccountId, body }) => {
        await limitAccount(apiKeyAccountId);
        try {
          refusePrivateWebhookAddress(body.targetUrl, config.outboundAllowedHosts);
        } catch {
          throw new AppError(
            'validation_failed',
            `Invalid request. body/targetUrl: ${WEBHOOK_URL_PRIVATE_TEXT}`,
          );
        }
        return createZapierHook(db, apiKeyAccountId, body);
      });

      registerEndpoint(zapierApi, context, deleteZapierHookEndpoint, async ({ apiKeyAccountId, params }) => {
        await limitAccount(apiKeyAccountId);
        await deleteZapierHook(db, apiKeyAccountId, params.id);
        return { ok: true as const };
      });
    });
  };
}
