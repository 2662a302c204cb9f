import { randomBytes } from 'node:crypto';
import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { assessmentLeadToDeliver } from '../../../testing/assessmentLeads';
import { DELIVERY_ACCOUNT_ID, noWebhooks, useDeliveryReceivers } from '../../../testing/deliverySending';
import type { HtmlFormDestination } from './destinations';
import { type DeliveryToSend, sendDelivery } from './sendDelivery';
import type { LoadWebhook } from './webhookLoader';

const { endpoint, httpAllowing } = useDeliveryReceivers();
const ACCOUNT_ID = DELIVERY_ACCOUNT_ID;
const lead = assessmentLeadToDeliver;
const WEBHOOK_ID = '00000000-0000-4000-8000-0000000000aa';
const NOW = new Date('2025-03-01T12:00:00Z');

function formData(action: string, method: 'get' | 'post'): HtmlFormData {
  return {
    method,
    action,
    fields: [
      { name: 'list_id', type: 'hidden', value: 'abc123', label: '' },
      { name: 'FNAME', type: 'text', value: '', label: 'First name' },
      { name: 'EMAIL', type: 'email', value: '', label: 'Email' },
      { name: 'plan', type: 'radio', value: 'basic', label: 'Basic' },
      { name: 'plan', type: 'radio', value: 'pro', label: 'Pro' },
      { name: 'reset', type: 'reset', value: 'Clear', label: '' },
      { name: '', type: 'text', value: 'nameless', label: '' },
    ],
    submit: { name: 'subscribe', value: 'Subscribe' },
  };
}

function formDelivery(
  action: string,
  method: 'get' | 'post',
  mappings: Partial<HtmlFormDestination['fieldMappings']> = { name: 'FNAME', email: 'EMAIL' },
): DeliveryToSend {
  const destination: HtmlFormDestination = {
    htmlFormId: null,
    formData: formData(action, method),
    fieldMappings: { name: null, email: null, checkboxes: [], ...mappings },
  };
  return {
    accountId: ACCOUNT_ID,
    destinationType: 'html-form',
    destination,
    idempotencyKey: 'lead-1:html-form:1',
  };
}

const EXPECTED_FORM_FIELDS = [
  ['list_id', 'abc123'],
  ['FNAME', 'Ana María'],
  ['EMAIL', 'ana+quiz@example.com'],
  ['plan', 'basic'],
  ['subscribe', 'Subscribe'],
];

describe('sendDelivery to an HTML form', () => {
  it('posts exactly the form fields, the mapped name and email, and the submit button, form-encoded', async () => {
    const form = await endpoint((_request, response) =>
      response.writeHead(302, { location: '/thanks' }).end(),
    );
    const attempt = await sendDelivery(formDelivery(`${form.origin}/subscribe?u=1`, 'post'), lead, {
      http: httpAllowing(form),
      loadWebhook: noWebhooks,
    });
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 302, error: null });
    expect(form.received).toHaveLength(1);
    const [received] = form.received;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/subscribe?u=1');
    expect(received?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(received?.body)]).toEqual(EXPECTED_FORM_FIELDS);
  });

  it('sends a get form as the query string, replacing the action’s own', async () => {
    const form = await endpoint((_request, response) => response.end('<p>Thanks!</p>'));
    const attempt = await sendDelivery(formDelivery(`${form.origin}/join?stale=1#top`, 'get'), lead, {
      http: httpAllowing(form),
      loadWebhook: noWebhooks,
    });
    expect(attempt).toMatchObject({
      outcome: 'delivered',
      statusCode: 200,
      responseExcerpt: '<p>Thanks!</p>',
    });
    const received = form.received[0];
    expect(received?.method).toBe('GET');
    const url = new URL(received?.url ?? '', form.origin);
    expect(url.pathname).toBe('/join');
    expect([...url.searchParams]).toEqual(EXPECTED_FORM_FIELDS);
  });

  it('adds a mapped field the markup did not list, and sends an empty name when the quiz asks none', async () => {
    const form = await endpoint((_request, response) => response.end());
    await sendDelivery(
      formDelivery(`${form.origin}/`, 'post', { name: 'FNAME', email: 'email_address' }),
      {
        ...lead,
        name: null,
      },
      { http: httpAllowing(form), loadWebhook: noWebhooks },
    );
    expect(new URLSearchParams(form.received[0]?.body).get('FNAME')).toBe('');
    expect(new URLSearchParams(form.received[0]?.body).get('email_address')).toBe(lead.email);
  });

  it('refuses without a request when no field is mapped to the email', async () => {
    const form = await endpoint((_request, response) => response.end());
    const attempt = await sendDelivery(
      formDelivery(`${form.origin}/`, 'post', { name: 'FNAME', email: '' }),
      lead,
      {
        http: httpAllowing(form),
        loadWebhook: noWebhooks,
      },
    );
    expect(attempt).toMatchObject({ outcome: 'permanent', statusCode: null });
    expect(form.received).toHaveLength(0);
  });

  it('stops at once on a private action that is not allowed', async () => {
    const form = await endpoint((_request, response) => response.end());
    const attempt = await sendDelivery(formDelivery(`${form.origin}/`, 'post'), lead, {
      http: httpAllowing(null),
      loadWebhook: noWebhooks,
    });
    expect(attempt).toMatchObject({ outcome: 'permanent', statusCode: null });
    expect(attempt.error).toContain('Refused to connect to 127.0.0.1');
    expect(form.received).toHaveLength(0);
  });

  it('retries a form endpoint that hangs', async () => {
    const form = await endpoint(() => {
      // never answers
    });
    const attempt = await sendDelivery(formDelivery(`${form.origin}/`, 'post'), lead, {
      http: httpAllowing(form, 200),
      loadWebhook: noWebhooks,
    });
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: null });
    expect(attempt.error).toContain('200 ms');
  });
});

describe('sendDelivery to a webhook', () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const delivery: DeliveryToSend = {
    accountId: ACCOUNT_ID,
    destinationType: 'webhook',
    destination: { webhookId: WEBHOOK_ID },
    idempotencyKey: `${lead.id}:webhook:${WEBHOOK_ID}`,
  };

  function loaderFor(url: string): LoadWebhook {
    return async (ref) =>
      ref.accountId === ACCOUNT_ID && ref.webhookId === WEBHOOK_ID ? { url, secret } : null;
  }

  it('posts the lead as JSON, signed so that the receiver verifies it, with the idempotency key as its id', async () => {
    const hook = await endpoint((_request, response) => response.writeHead(204).end());
    const attempt = await sendDelivery(delivery, lead, {
      http: httpAllowing(hook),
      loadWebhook: loaderFor(`${hook.origin}/hooks/quizbeam`),
    });
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 204 });
    const received = hook.received[0];
    if (!received) throw new Error('the webhook received nothing');
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['webhook-id']).toBe(delivery.idempotencyKey);
    expect(received.headers['idempotency-key']).toBe(delivery.idempotencyKey);
    const headers = {
      'webhook-id': String(received.headers['webhook-id']),
      'webhook-timestamp': String(received.headers['webhook-timestamp']),
      'webhook-signature': String(received.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(received.body, headers)).toEqual({
      type: 'lead.created',
      timestamp: '2025-03-01T11:59:00.000Z',
      data: {
        leadId: lead.id,
        quizId: lead.quizId,
        quizName: 'Which plan fits you?',
        email: 'ana+quiz@example.com',
        name: 'Ana María',
        outcome: { id: 3, title: 'The Planner' },
        score: 7,
        percent: 70,
        answers: lead.answers,
        categories: [
          { id: 20, name: 'Planning', score: 4, maxScore: 5, percent: 80 },
          { id: 21, name: 'Focus', score: 3, maxScore: 5, percent: 60 },
        ],
        fields: {},
        utm: { utm_source: 'newsletter' },
        urlFields: { utm_source: 'newsletter', gclid: 'EAIaIQobChMI', ref: 'partner7' },
        consent: true,
        consentText: 'I agree to receive emails.',
        createdAt: '2025-03-01T11:59:00.000Z',
      },
    });
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(received.body, headers),
    ).toThrow();
  });

  it('sends the same webhook-id on a retry', async () => {
    let calls = 0;
    const hook = await endpoint((_request, response) => {
      calls += 1;
      response.writeHead(calls === 1 ? 500 : 200).end();
    });
    const deps = { http: httpAllowing(hook), loadWebhook: loaderFor(hook.origin) };
    expect((await sendDelivery(delivery, lead, deps)).outcome).toBe('retry');
    expect((await sendDelivery(delivery, lead, deps)).outcome).toBe('delivered');
    expect(hook.received.map((request) => request.headers['webhook-id'])).toEqual([
      delivery.idempotencyKey,
      delivery.idempotencyKey,
    ]);
  });

  it.each([
    [200, 'delivered'],
    [400, 'permanent'],
    [410, 'permanent'],
    [408, 'retry'],
    [429, 'retry'],
    [503, 'retry'],
  ] as const)('classifies %i as %s', async (status, outcome) => {
    const hook = await endpoint((_request, response) =>
      response.writeHead(status, { 'retry-after': '7' }).end('why'),
    );
    const attempt = await sendDelivery(delivery, lead, {
      http: httpAllowing(hook),
      loadWebhook: loaderFor(hook.origin),
      now: () => NOW,
    });
    expect(attempt).toMatchObject({
      outcome,
      statusCode: status,
      responseExcerpt: 'why',
      retryAfterMs: outcome === 'retry' ? 7000 : null,
    });
  });

  it('stops at once when the webhook was deleted or its secret is not a signing secret', async () => {
    const hook = await endpoint((_request, response) => response.end());
    const http = httpAllowing(hook);
    expect(await sendDelivery(delivery, lead, { http, loadWebhook: noWebhooks })).toMatchObject({
      outcome: 'permanent',
      error: 'The webhook was deleted.',
    });
    const badSecret: LoadWebhook = async () => ({ url: hook.origin, secret: 'whsec_!!not base64!!' });
    expect((await sendDelivery(delivery, lead, { http, loadWebhook: badSecret })).outcome).toBe('permanent');
    expect(hook.received).toHaveLength(0);
  });

  it('retries when the webhook cannot be read', async () => {
    const failing: LoadWebhook = async () => {
      throw new Error('connection terminated');
    };
    const attempt = await sendDelivery(delivery, lead, { http: httpAllowing(null), loadWebhook: failing });
    expect(attempt).toMatchObject({
      outcome: 'retry',
      error: 'Could not read the webhook: connection terminated',
    });
  });
});

describe('sendDelivery to an autoresponder or a Zapier hook', () => {
  it('hands the delivery to the sender of its feature', async () => {
    const delivered = {
      outcome: 'delivered' as const,
      retryAfterMs: null,
      statusCode: 200,
      error: null,
      responseExcerpt: null,
      durationMs: 5,
    };
    const seen: string[] = [];
    const sender = (type: string) => async () => {
      seen.push(type);
      return delivered;
    };
    const deps = {
      http: httpAllowing(null),
      loadWebhook: noWebhooks,
      sendToAutoresponder: sender('api'),
      sendToZapierHook: sender('zapier'),
    };
    for (const destinationType of ['api', 'zapier'] as const) {
      const attempt = await sendDelivery(
        { accountId: ACCOUNT_ID, destinationType, destination: {}, idempotencyKey: 'k' },
        lead,
        deps,
      );
      expect(attempt).toEqual(delivered);
    }
    expect(seen).toEqual(['api', 'zapier']);
  });

  it('stops at once when this server has no sender for it', async () => {
    const attempt = await sendDelivery(
      { accountId: ACCOUNT_ID, destinationType: 'api', destination: {}, idempotencyKey: 'k' },
      lead,
      { http: httpAllowing(null), loadWebhook: noWebhooks },
    );
    expect(attempt).toMatchObject({
      outcome: 'permanent',
      error: 'This server does not deliver to email services.',
    });
  });
});
