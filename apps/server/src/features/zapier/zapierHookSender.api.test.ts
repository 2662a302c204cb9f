import type { ZapierLead } from '@quizbeam/contracts/zapier';
import { zapierHooks } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttpClient } from '../../outbound/guardedHttpClient';
import { deliveriesOfLead, publishCaptureQuiz, startLocalEndpoint } from '../../testing/deliveries';
import { PUBLISH_ORIGIN } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { loadLeadsForDelivery } from '../delivery/deliveryLeads';
import type { DestinationSender } from '../delivery/senders/sendDelivery';
import {
  createZapierHookSender,
  ZAP_GONE_TEXT,
  ZAP_TURNED_OFF_TEXT,
} from '../delivery/senders/zapierHookSender';
import { zapierLeadOf } from './zapierLeads';

/*
 * The 'zapier' sender against a real HTTP server on 127.0.0.1 (allowed like OUTBOUND_ALLOWED_HOSTS does),
 * with the delivery and the lead a visitor's answer stored.
 */

let t: TestApp;
let account: SignedInAccount;
let postLead: (email: string) => Promise<string>;
const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });
let send: DestinationSender;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  account = await t.signIn();
  postLead = (await publishCaptureQuiz(t, account, {})).postLead;
  send = createZapierHookSender(t.database.db, http);
});
afterAll(async () => {
  await http.close();
  await t.close();
});

async function subscribe(targetUrl: string): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db.insert(zapierHooks).values({ id, accountId: account.accountId, targetUrl });
  return id;
}

/** Stores a lead (which writes its delivery to the hook) and makes one attempt of that delivery. */
async function leadAndAttempt(hookId: string) {
  const leadId = await postLead(`lead-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const delivery = (await deliveriesOfLead(t, leadId)).find(
    (row) => row.destinationKey === `zapier:${hookId}`,
  );
  if (!delivery) throw new Error('no zapier delivery was written');
  const lead = (await loadLeadsForDelivery(t.database.db, [leadId])).get(leadId);
  if (!lead) throw new Error('the lead was not found');
  const attempt = await send({ ...delivery, destinationType: 'zapier' }, lead, new Date());
  return { attempt, lead, delivery };
}

const hookExists = async (hookId: string) =>
  (await t.database.db.select().from(zapierHooks).where(eq(zapierHooks.id, hookId))).length === 1;

describe('the Zapier hook sender', () => {
  it('POSTs the lead as the list shows it; a 2xx is delivered', async () => {
    const endpoint = await startLocalEndpoint(() => ({ status: 200, body: '{"status":"success"}' }));
    const hookId = await subscribe(`${endpoint.url}/hooks/standard/1/abc/`);
    const { attempt, lead, delivery } = await leadAndAttempt(hookId);
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 200, error: null });
    expect(endpoint.received).toHaveLength(1);
    const [request] = endpoint.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hooks/standard/1/abc/');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(delivery.idempotencyKey);
    const body = JSON.parse(request?.body ?? '') as ZapierLead;
    expect(body).toEqual(zapierLeadOf(lead));
    expect(body.id).toBe(lead.id);
    await endpoint.close();
    await t.database.db.delete(zapierHooks).where(eq(zapierHooks.id, hookId));
  });

  it('removes the subscription on a 410 and ends the delivery', async () => {
    const endpoint = await startLocalEndpoint(() => ({ status: 410, body: 'gone' }));
    const hookId = await subscribe(`${endpoint.url}/gone`);
    const { attempt } = await leadAndAttempt(hookId);
    expect(attempt).toMatchObject({ outcome: 'permanent', statusCode: 410, error: ZAP_GONE_TEXT });
    expect(await hookExists(hookId)).toBe(false);
    await endpoint.close();
  });

  it('retries on a 500 and keeps the subscription', async () => {
    const endpoint = await startLocalEndpoint(() => ({ status: 500, body: 'oops' }));
    const hookId = await subscribe(`${endpoint.url}/flaky`);
    const { attempt } = await leadAndAttempt(hookId);
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: 500 });
    expect(await hookExists(hookId)).toBe(true);
    await endpoint.close();
    await t.database.db.delete(zapierHooks).where(eq(zapierHooks.id, hookId));
  });

  it('ends a delivery whose Zap has unsubscribed since, without a request', async () => {
    const endpoint = await startLocalEndpoint();
    const hookId = await subscribe(`${endpoint.url}/later-off`);
    const leadId = await postLead('unsubscribed@example.com');
    const [delivery] = await deliveriesOfLead(t, leadId);
    await t.database.db.delete(zapierHooks).where(eq(zapierHooks.id, hookId));
    const lead = (await loadLeadsForDelivery(t.database.db, [leadId])).get(leadId);
    if (!delivery || !lead) throw new Error('the lead or its delivery was not stored');
    const attempt = await send({ ...delivery, destinationType: 'zapier' }, lead, new Date());
    expect(attempt).toMatchObject({ outcome: 'permanent', statusCode: null, error: ZAP_TURNED_OFF_TEXT });
    expect(endpoint.received).toEqual([]);
    await endpoint.close();
  });
});
