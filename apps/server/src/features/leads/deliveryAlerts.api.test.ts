import {
  dismissDeliveryAlertEndpoint,
  listDeliveryAlertsEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import { deliveryAlerts } from '@quizbeam/db/deliverySchema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDelivery, insertLead, quizWithOutcomes, recordFailure } from '../../testing/leads';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

/* The builder's banner: destinations whose deliveries failed for good (leads.api.test.ts has the 404/401 checks). */

let t: TestApp;
let stranger: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp();
  stranger = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 12, minute, 0));

describe('delivery alerts', () => {
  it('lists destinations whose deliveries failed for good until resent or dismissed', async () => {
    const account = await t.signIn();
    const quizId = await quizWithOutcomes(db(), account);
    const params = { account: account.accountId };
    for (const _ of [1, 2]) {
      const leadId = await insertLead(db(), account, quizId);
      await insertDelivery(db(), account, quizId, leadId, {
        state: 'failed',
        destinationKey: 'webhook:crm',
        destinationName: 'CRM webhook',
      });
    }
    await recordFailure(db(), account, 'webhook:crm', at(30));
    // An alert whose deliveries were all resent since shows nothing.
    await recordFailure(db(), account, 'html-form:resent', at(31));

    expect((await account.send(listDeliveryAlertsEndpoint, { params })).data()).toEqual([
      {
        destinationKey: 'webhook:crm',
        destinationName: 'CRM webhook',
        destinationType: 'webhook',
        quiz: { id: quizId, name: 'Night or day' },
        waitingLeads: 2,
        lastFailedAt: at(30).toISOString(),
        reason: 'failed',
      },
    ]);
    expect(
      (await stranger.send(listDeliveryAlertsEndpoint, { params: { account: stranger.accountId } })).data(),
    ).toEqual([]);

    const dismiss = { params, body: { destinationKey: 'webhook:crm' } };
    expect(
      (
        await stranger.send(dismissDeliveryAlertEndpoint, {
          ...dismiss,
          params: { account: stranger.accountId },
        })
      ).statusCode,
    ).toBe(404);
    expect((await account.send(dismissDeliveryAlertEndpoint, dismiss)).data()).toEqual({ ok: true });
    expect((await account.send(listDeliveryAlertsEndpoint, { params })).data()).toEqual([]);

    // A failure after the dismissal brings it back; resending all ends it.
    const [alert] = await db()
      .select()
      .from(deliveryAlerts)
      .where(
        and(
          eq(deliveryAlerts.accountId, account.accountId),
          eq(deliveryAlerts.destinationKey, 'webhook:crm'),
        ),
      );
    const dismissedAt = alert?.dismissedAt ?? new Date(0);
    await recordFailure(db(), account, 'webhook:crm', new Date(dismissedAt.getTime() + 1));
    expect((await account.send(listDeliveryAlertsEndpoint, { params })).data()).toHaveLength(1);
    await account.send(resendFailedDeliveriesEndpoint, { params: { ...params, id: quizId } });
    expect((await account.send(listDeliveryAlertsEndpoint, { params })).data()).toEqual([]);
  });
});
