import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { htmlFormTo, publishCaptureQuiz, useDeliveryHarness } from '../../testing/deliveries';
import { claimDueDeliveries, finishAttempt } from './deliveryLedger';

/* Leases: a worker that dies mid-delivery, and workers that claim side by side. */

const h = useDeliveryHarness();

describe('a worker that dies mid-delivery', () => {
  it('leaves the delivery to be claimed again once its lease has passed, and it is recorded once', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint();
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('crash@example.com');
    const leaseMs = 60_000;
    // The first worker claims the delivery and dies before recording anything.
    h.catchUp();
    const [abandoned, ...others] = await claimDueDeliveries(h.t.database.db, {
      now: h.clock,
      leaseMs,
      limit: 10,
      destinationTypes: ['html-form'],
    });
    expect(others).toEqual([]);
    expect(abandoned?.leadId).toBe(leadId);

    const w = h.worker({ leaseMs });
    h.advance(leaseMs - 1);
    expect(await w.runOnce()).toBe(0);
    h.advance(2);
    expect(await w.runOnce()).toBe(1);
    expect(await h.onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 1 });

    // The dead worker's late answer cannot finish the delivery a second time.
    if (!abandoned) throw new Error('no claim');
    const late = await finishAttempt(
      h.t.database.db,
      abandoned,
      { startedAt: h.clock, durationMs: 1, statusCode: 200, error: null, responseExcerpt: null },
      { state: 'delivered' },
      h.clock,
    );
    expect(late).toBe(false);
    const delivery = await h.onlyDelivery(leadId);
    expect(await h.attemptsOf(delivery.id)).toHaveLength(1);
    expect(form.received).toHaveLength(1);
  });

  it('never claims what another worker holds', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint();
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadIds = await Promise.all(['a', 'b', 'c'].map((name) => postLead(`${name}@example.com`)));
    h.catchUp();
    const claim = () =>
      claimDueDeliveries(h.t.database.db, {
        now: h.clock,
        leaseMs: 60_000,
        limit: 2,
        destinationTypes: ['html-form'],
      });
    const [one, two, three] = await Promise.all([claim(), claim(), claim()]);
    const claimedIds = [...(one ?? []), ...(two ?? []), ...(three ?? [])].map((delivery) => delivery.leadId);
    expect(claimedIds.sort()).toEqual([...leadIds].sort());
    await h.t.database.db
      .update(leadDeliveries)
      .set({ lockedUntil: null })
      .where(and(eq(leadDeliveries.quizId, (await h.onlyDelivery(leadIds[0] ?? '')).quizId)));
    await h.worker().runOnce();
    expect(form.received).toHaveLength(3);
  });
});
