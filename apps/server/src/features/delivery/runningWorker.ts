import type { Database } from '@quizbeam/db/database';
import type { Config } from '../../config/env';
import type { Mailer } from '../../email/mailer';
import { createGuardedHttpClient } from '../../outbound/guardedHttpClient';
import type { SecretBox } from '../../security/secretBox';
import { startLeadDigestJob } from '../leadNotifications/leadDigestJob';
import { workerLeadEmailSettings } from '../leadNotifications/workerLeadEmailSettings';
import { startRetentionJob } from '../retention/retentionJob';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker';
import { createAutoresponderSender } from './senders/autoresponderSender';
import { createConversionSender } from './senders/conversionSender';
import { createLeadEmailSender } from './senders/leadEmailSender';
import { sendDelivery } from './senders/sendDelivery';
import { createWebhookLoader } from './senders/webhookLoader';
import { createZapierHookSender } from './senders/zapierHookSender';

export interface WorkerContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  secretBox: SecretBox;
}

/**
 * The worker as the server and `npm run worker` run it: the real senders through the guarded HTTP client
 * (OUTBOUND_ALLOWED_HOSTS applies), failure emails through the mailer. Started at once.
 */
export function startDeliveryWorker(
  context: WorkerContext,
  overrides: Partial<Omit<DeliveryWorkerOptions, 'db' | 'send'>> = {},
): DeliveryWorker {
  const { config, db, mailer } = context;
  const http = createGuardedHttpClient({ allowedHosts: config.outboundAllowedHosts });
  const loadWebhook = createWebhookLoader(db, context.secretBox);
  const sendToAutoresponder = createAutoresponderSender({
    db,
    secretBox: context.secretBox,
    http,
    alerts: { mailer, appUrl: config.appUrl, basePath: config.basePath },
  });
  const leadEmails = { db, mailer, ...workerLeadEmailSettings(config) };
  const worker = createDeliveryWorker({
    db,
    send: (delivery, lead) =>
      sendDelivery(delivery, lead, {
        http,
        loadWebhook,
        sendToAutoresponder,
        sendToZapierHook: createZapierHookSender(db, http),
        sendToConversionApi: createConversionSender({ db, secretBox: context.secretBox, http, config }),
        sendLeadEmail: createLeadEmailSender(leadEmails),
      }),
    alerts: { mailer, appUrl: config.appUrl, basePath: config.basePath },
    ...overrides,
  });
  if (overrides.retryPolicy) {
    const { minAttempts, minRetryWindowMs } = overrides.retryPolicy;
    console.log(
      `Delivery retries follow WORKER_RETRY_* (for tests and trials): a lead gives up after ${minAttempts} attempts and ${minRetryWindowMs} ms.`,
    );
  }
  worker.start();
  const digests = startLeadDigestJob(leadEmails);
  const retention = startRetentionJob({ db });
  return {
    start: () => worker.start(),
    runOnce: () => worker.runOnce(),
    releaseHeld: () => worker.releaseHeld(),
    async stop() {
      await Promise.all([worker.stop(), digests.stop(), retention.stop()]);
      await http.close();
    },
  };
}

/** `WORKER=off` keeps the server from delivering (another process does, with `npm run worker`). */
export const workerWanted = (env: NodeJS.ProcessEnv = process.env): boolean => env.WORKER !== 'off';
