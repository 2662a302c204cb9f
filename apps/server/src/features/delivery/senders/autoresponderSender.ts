import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';
import type { Database } from '@quizbeam/db/database';
import { users } from '@quizbeam/db/schema';
import Bottleneck from 'bottleneck';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { reconnectNeededMessage } from '../../../email/messages';
import type { OutboundHttpClient } from '../../../outbound/guardedHttpClient';
import { ServiceError, type SubscriberLead } from '../../integrations/autoresponders/autoresponderClient';
import { readServiceSettings } from '../../integrations/autoresponders/serviceSettings';
import {
  type ConnectionDeps,
  type ConnectionRow,
  clientFor,
  findConnection,
  markConnectionState,
} from '../../integrations/connectionStore';
import { raiseReconnectAlert } from '../../integrations/reconnectAlert';
import { leadFieldDisplay } from '../deliveredLeadFields';
import type { AlertEmailSettings } from '../deliveryAlerts';
import type { LeadForDelivery } from '../leadPayload';
import { type ClassifiedAttempt, excerpt, permanentWithoutRequest } from './classifyAttempt';
import type { DestinationSender } from './sendDelivery';

/** `lead_deliveries.destination` for `api`: the connection and its target, as published. */
export const autoresponderDestinationSchema = z.object({
  connectionId: z.uuid(),
  targetId: z.string().min(1),
});

/**
 * The capture form's fields and the URL fields the version mapped to the service's fields; where both name
 * the same field, the visitor's own entry wins.
 */
function serviceFieldsOf(lead: LeadForDelivery): { name: string; value: string }[] {
  const fields = lead.fields.service.map(({ name, value }) => ({ name, value: leadFieldDisplay(value) }));
  const named = new Set(fields.map((field) => field.name));
  return [...fields, ...lead.mappedUrlFields.service.filter((field) => !named.has(field.name))];
}

/**
 * What every service gets: the quiz and the outcome as tags; a scored quiz's score, its category percentages
 * and the answers as fields where the service has them (never tags: one tag per distinct score or typed
 * answer would only clutter the account's tags); the capture form's fields and the URL fields where the
 * marketer mapped them, and the phone for a service's own phone field.
 */
export function subscriberLeadOf(lead: LeadForDelivery, idempotencyKey: string): SubscriberLead {
  const quizName = lead.quizName ?? 'Quiz';
  const outcomeName = lead.outcome?.title ?? null;
  return {
    email: lead.email,
    name: lead.name,
    quizName,
    outcomeName,
    score: lead.quizType === 'scored' ? lead.score : null,
    answers: lead.answers.map(({ questionId, question, display }) => ({ questionId, question, display })),
    categories: lead.categories.map(({ name, percent }) => ({ name, percent })),
    fields: serviceFieldsOf(lead),
    phone: lead.fields.phone,
    tags: ['quizbeam', `quiz: ${quizName}`, ...(outcomeName ? [`outcome: ${outcomeName}`] : [])].map((tag) =>
      tag.slice(0, 100),
    ),
    idempotencyKey,
  };
}

/**
 * Each connection's requests are spaced to stay under its service's rate limit (SERVICE_DEFAULTS, or
 * <SERVICE>_REQUESTS_PER_SECOND), across all deliveries this process makes; a 429 still answers a retry.
 */
function throttles(env: NodeJS.ProcessEnv | undefined) {
  const groups = new Map<AutoresponderService, Bottleneck.Group>();
  return (service: AutoresponderService, connectionId: string): Bottleneck => {
    let group = groups.get(service);
    if (!group) {
      const { requestsPerSecond } = readServiceSettings(service, env);
      group = new Bottleneck.Group({ minTime: Math.ceil(1000 / requestsPerSecond), maxConcurrent: 10 });
      groups.set(service, group);
    }
    return group.key(connectionId);
  };
}

const throttled = (http: OutboundHttpClient, limiter: Bottleneck): OutboundHttpClient => ({
  request: (outbound) => limiter.schedule(() => http.request(outbound)),
  close: () => http.close(),
});

function failedAttempt(error: ServiceError, durationMs: number): ClassifiedAttempt {
  const outcome =
    error.kind === 'unauthorized' ? 'reconnect' : error.kind === 'retryable' ? 'retry' : 'permanent';
  return {
    outcome,
    retryAfterMs: error.details.retryAfterMs ?? null,
    statusCode: error.details.statusCode ?? null,
    error: excerpt(error.message),
    responseExcerpt: error.details.responseExcerpt ?? null,
    durationMs,
  };
}

/** Tells the account's users once, when the connection turns inactive; a failed email does not hold up delivery. */
async function emailReconnectNeeded(
  db: Database,
  alerts: AlertEmailSettings,
  row: ConnectionRow,
  reason: string,
): Promise<void> {
  const recipients = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.accountId, row.accountId));
  const link = `${alerts.appUrl}${alerts.basePath}/integrations`;
  const facts = { connectionName: row.displayName, serviceName: AUTORESPONDER_LABELS[row.service], reason };
  for (const { email } of recipients) await alerts.mailer.send(reconnectNeededMessage(email, facts, link));
}

/**
 * Delivers `api` deliveries to the account's connection. A connection whose key or grant stopped working
 * turns inactive and raises a "reconnect" alert; its deliveries wait (never fail for it) until a reconnect
 * wakes them. A connection that was removed fails them.
 */
export function createAutoresponderSender(
  deps: ConnectionDeps & { alerts?: AlertEmailSettings },
): DestinationSender {
  const limiterFor = throttles(deps.env);
  return async (delivery, lead, now) => {
    const destination = autoresponderDestinationSchema.safeParse(delivery.destination);
    if (!destination.success)
      return permanentWithoutRequest('The integration target of this delivery is not named.');
    const { connectionId, targetId } = destination.data;
    const row = await findConnection(deps.db, delivery.accountId, connectionId);
    if (!row)
      return permanentWithoutRequest('The integration was disconnected: choose another in the Capture Form.');
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const http = throttled(deps.http, limiterFor(row.service, row.id));
      const { client, context } = clientFor({ ...deps, http }, row);
      const result = await client.subscribe(
        context,
        targetId,
        subscriberLeadOf(lead, delivery.idempotencyKey),
      );
      if (row.state === 'inactive') await markConnectionState(deps.db, row.id, 'active', null, now);
      return {
        outcome: 'delivered',
        retryAfterMs: null,
        statusCode: result.statusCode,
        // A lead delivered short of a mapped field says so where the delivery log shows notes.
        error: result.notes && result.notes.length > 0 ? excerpt(result.notes.join(' ')) : null,
        responseExcerpt: result.responseExcerpt,
        durationMs: elapsed(),
      };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.kind === 'unauthorized') {
        // Another delivery may have refreshed the token meanwhile (services that rotate refresh tokens
        // refuse the older one): with credentials that changed since this attempt read them, try again.
        const current = await findConnection(deps.db, delivery.accountId, connectionId);
        if (current && current.credentialsEncrypted !== row.credentialsEncrypted) {
          return { ...failedAttempt(error, elapsed()), outcome: 'retry', retryAfterMs: 1_000 };
        }
        await markConnectionState(deps.db, row.id, 'inactive', error.message, now);
        await raiseReconnectAlert(deps.db, delivery.accountId, row.id, now);
        if (row.state === 'active' && deps.alerts) {
          await emailReconnectNeeded(deps.db, deps.alerts, row, error.message).catch(() => undefined);
        }
      }
      return failedAttempt(error, elapsed());
    }
  };
}
