import type { LeadCreatedPayload, WebhookTestResult } from '@quizbeam/contracts/webhooks';
import type { Database } from '@quizbeam/db/database';
import type { SecretBox } from '../../security/secretBox';
import { NO_LEAD_FIELDS } from '../delivery/deliveredLeadFields';
import { NO_MAPPED_URL_FIELDS } from '../delivery/deliveredUrlFields';
import { leadCreatedPayload } from '../delivery/leadPayload';
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

export type TestDeliveryResult = WebhookTestResult;

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
    percent: 70,
    // One answer of each shape a lead's answers take, so a receiver can be built against them all.
    answers: [
      {
        questionId: 1,
        question: 'Sample question',
        type: 'single_list',
        answerId: 2,
        answer: 'Sample answer',
        display: 'Sample answer',
      },
      {
        questionId: 3,
        question: 'Sample image question',
        type: 'image_single_list',
        answerId: 4,
        answer: 'Image 2 (sample.jpg)',
        display: 'Image 2 (sample.jpg)',
      },
      {
        questionId: 5,
        question: 'Sample multi-select question',
        type: 'multi_list',
        answerIds: [6, 8],
        answers: ['First choice', 'Third choice'],
        display: 'First choice, Third choice',
      },
      { questionId: 9, question: 'Sample rating', type: 'rating', value: 4, display: '4' },
      {
        questionId: 10,
        question: 'Sample number question',
        type: 'number_input',
        value: 25,
        unit: 'employees',
        display: '25 employees',
      },
      {
        questionId: 11,
        question: 'Sample text question',
        type: 'text_input',
        text: 'Sample text',
        display: 'Sample text',
      },
    ],
    categories: [
      { id: 12, name: 'Strategy', score: 4, maxScore: 5, percent: 80 },
      { id: 13, name: 'Execution', score: 3, maxScore: 5, percent: 60 },
    ],
    // One value of each kind the capture form's own fields take, under the keys a marketer might give them.
    fields: {
      ...NO_LEAD_FIELDS,
      byKey: {
        phone: '+15551234567',
        company: 'Example Inc.',
        website: 'https://example.com',
        industry: 'Software',
        newsletter: true,
      },
    },
    urlFields: {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      gclid: 'EAIaIQobChMI-sample',
      ref: 'partner7',
    },
    mappedUrlFields: NO_MAPPED_URL_FIELDS,
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
  const payload = sampleLeadPayload(new Date());
  const attempt = await send(
    { url: target.url, secret: target.secret },
    payload,
    `test-${crypto.randomUUID()}`,
  );
  const delivered = attempt.outcome === 'delivered';
  return {
    delivered,
    statusCode: attempt.statusCode,
    error: delivered ? null : (attempt.error ?? refusalText(attempt.statusCode)),
    sent: payload,
  };
}
