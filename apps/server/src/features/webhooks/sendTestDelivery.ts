import type { Database } from '@quizbeam/db/database';
import type { SecretBox } from '../../security/secretBox';
import { type LeadCreatedPayload, leadCreatedPayload } from '../delivery/leadPayload';
import { findWebhookTarget } from './webhookRecords';

/** One attempt of a webhook delivery, classified: delivered, worth a retry, or refused for good. */
export interface WebhookAttempt {
  outcome: 'delivered' | 'retry' | 'permanent' | 'reconnect';
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** Signs and POSTs a lead (see `guardedWebhookSender`); `idempotencyKey` is the message id. */
export type WebhookSender = (
  target: { url: string; secret: string },
  payload: LeadCreatedPayload,
  idempotencyKey: string,
) => Promise<WebhookAttempt>;

export interface TestDeliveryResult {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

export const SAMPLE_LEAD_ID = '00000000-0000-4000-8000-000000000000';

/** A lead as a quiz sends it; the sample ids (all zeros) and the `test-` message id tell receivers it is a test. */
export function sampleLeadPayload(now: Date): LeadCreatedPayload {
  return leadCreatedPayload({
    id: SAMPLE_LEAD_ID,
    quizId: '00000000-0000-4000-8000-000000000001',
    quizName: 'Test from Quizbeam',
    email: 'jane.doe@example.com',
    name: 'Jane Doe',
    outcome: { id: 1, title: 'Sample outcome' },
    quizType: 'scored',
    score: 7,
    answers: [
      { questionId: 1, question: 'Sample question', answerId: 2, answer: 'Sample answer' },
      { questionId: 3, question: 'Sample image question', answerId: 4, answer: 'Image 2 (sample.jpg)' },
    ],
    utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' },
    consent: true,
    consentText: 'I agree to receive emails.',
    createdAt: now,
  });
}

const refusalText = (statusCode: number | null) =>
  statusCode === null ? 'The webhook did not answer.' : `The webhook answered with status ${statusCode}.`;

/** Sends the sample lead to the account's webhook now, once (no retries), and says what came back. */
export async function sendTestDelivery(
  db: Database,
  box: SecretBox,
  send: WebhookSender,
  accountId: string,
  webhookId: string,
): Promise<TestDeliveryResult> {
  const target = await findWebhookTarget(db, box, accountId, webhookId);
  const attempt = await send(
    { url: target.url, secret: target.secret },
    sampleLeadPayload(new Date()),
    `test-${crypto.randomUUID()}`,
  );
  const delivered = attempt.outcome === 'delivered';
  return {
    delivered,
    statusCode: attempt.statusCode,
    error: delivered ? null : (attempt.error ?? refusalText(attempt.statusCode)),
  };
}
