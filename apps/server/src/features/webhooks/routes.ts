import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhooksEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '@quizbeam/contracts/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { AllowedHost } from '../../outbound/allowedHosts';
import { createGuardedHttpClient } from '../../outbound/guardedHttpClient';
import { deleteWebhook } from './deleteWebhook';
import { guardedWebhookSender } from './guardedWebhookSender';
import { refusePrivateWebhookAddress } from './refusePrivateWebhookAddress';
import { sendTestDelivery, type WebhookSender } from './sendTestDelivery';
import { createWebhook, listWebhooks, rotateWebhookSecret, updateWebhook } from './webhookRecords';

type App = Parameters<FastifyPluginAsyncZod>[0];

function guardedSenderClosedWith(app: App, allowedHosts: readonly AllowedHost[]): WebhookSender {
  const http = createGuardedHttpClient({ allowedHosts });
  app.addHook('onClose', async () => http.close());
  return guardedWebhookSender(http);
}

/**
 * The account's webhooks. Secrets leave the server only in the create and rotate answers. "Send test" goes
 * through the guarded HTTP client (OUTBOUND_ALLOWED_HOSTS applies), unless a sender is given (tests).
 */
export function webhookRoutes(context: AppContext, sender?: WebhookSender): FastifyPluginAsyncZod {
  const { db, config } = context;
  const box = context.secretBox;
  const checkUrl = (url: string) => refusePrivateWebhookAddress(url, config.outboundAllowedHosts);
  return async (app) => {
    const send = sender ?? guardedSenderClosedWith(app, config.outboundAllowedHosts);

    registerEndpoint(app, context, listWebhooksEndpoint, async ({ me }) => listWebhooks(db, me.account.id));

    registerEndpoint(app, context, createWebhookEndpoint, async ({ me, body }) => {
      checkUrl(body.url);
      return createWebhook(db, box, me.account.id, body);
    });

    registerEndpoint(app, context, updateWebhookEndpoint, async ({ me, params, body }) => {
      checkUrl(body.url);
      return updateWebhook(db, me.account.id, params.id, body);
    });

    registerEndpoint(app, context, rotateWebhookSecretEndpoint, async ({ me, params }) =>
      rotateWebhookSecret(db, box, me.account.id, params.id),
    );

    registerEndpoint(app, context, testWebhookEndpoint, async ({ me, params }) =>
      sendTestDelivery(db, box, send, me.account.id, params.id),
    );

    registerEndpoint(app, context, deleteWebhookEndpoint, async ({ me, params }) => {
      await deleteWebhook(db, me.account.id, params.id);
      return { ok: true as const };
    });
  };
}
