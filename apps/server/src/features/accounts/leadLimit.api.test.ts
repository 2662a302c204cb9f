import { usageLimitMessage } from '@quizbeam/contracts/account';
import { accounts, leads, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually, htmlFormTo, publishCaptureQuiz, useDeliveryHarness } from '../../testing/deliveries';
import { setLimitOverrides, usageLineOf } from '../../testing/usageLimits';
import { utcMonthOf } from './usageLimits/leadLimitNotice';

const h = useDeliveryHarness();

/** An email as stored, with quoted-printable soft breaks and folded headers undone. */
const readable = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r?\n[ \t]+/g, ' ');

const noticesTo = (email: string) =>
  h.t
    .outbox()
    .map(readable)
    .filter((eml) => eml.includes(`To: ${email}`) && eml.includes('passed its monthly lead limit'));

/** Long enough for a notice to be written had one been due (the check runs after the visitor's answer). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('leads past the monthly lead limit', () => {
  it('stores and delivers every lead, and emails each user of the account once a month', async () => {
    const account = await h.t.signIn({ commercialFeatures: true });
    const colleague = `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await h.t.context.db
      .insert(users)
      .values({ id: crypto.randomUUID(), accountId: account.accountId, email: colleague });
    await setLimitOverrides(h.t, account.accountId, { leadsPerMonth: 2 });
    const form = await h.endpoint();
    const { quiz, postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });

    await postLead('one@example.com');
    await postLead('two@example.com');
    await settled();
    expect(noticesTo(account.email)).toEqual([]);

    // The third takes the month past the limit: stored like the others, and the users are told.
    await postLead('three@example.com');
    const [notice] = await eventually(async () => {
      const sent = noticesTo(account.email);
      return sent.length > 0 ? sent : undefined;
    }, 'the notice');
    expect(notice).toContain(usageLimitMessage('leadsPerMonth', 2));
    expect(notice).toContain(`${h.t.context.config.appUrl}/account`);
    await eventually(
      async () => (noticesTo(colleague).length > 0 ? true : undefined),
      "the colleague's notice",
    );

    await postLead('four@example.com');
    await postLead('five@example.com');
    await settled();
    expect(noticesTo(account.email)).toHaveLength(1);
    expect(noticesTo(colleague)).toHaveLength(1);

    const stored = await h.t.context.db.select().from(leads).where(eq(leads.quizId, quiz.id));
    expect(stored).toHaveLength(5);
    expect(await h.worker().runOnce()).toBe(5);
    expect(form.received).toHaveLength(5);
    expect(await usageLineOf(account, 'leadsPerMonth')).toEqual({ usage: 5, limit: 2 });
    const [row] = await h.t.context.db
      .select({ month: accounts.leadLimitNoticeMonth })
      .from(accounts)
      .where(eq(accounts.id, account.accountId));
    expect(row?.month).toBe(utcMonthOf(new Date()));

    // A notice of an earlier month does not count for this one.
    await h.t.context.db
      .update(accounts)
      .set({ leadLimitNoticeMonth: '2000-01' })
      .where(eq(accounts.id, account.accountId));
    await postLead('six@example.com');
    await eventually(async () => (noticesTo(account.email).length === 2 ? true : undefined), 'a new notice');
  });

  it('stores the first lead when the limit is 0, and tells an account without an Account page where to look', async () => {
    const account = await h.t.signIn();
    await setLimitOverrides(h.t, account.accountId, { leadsPerMonth: 0 });
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: null,
    });
    await postLead('first@example.com');
    const [notice] = await eventually(async () => {
      const sent = noticesTo(account.email);
      return sent.length > 0 ? sent : undefined;
    }, 'the notice');
    expect(notice).toContain(usageLimitMessage('leadsPerMonth', 0));
    expect(notice).not.toContain(`${h.t.context.config.appUrl}/account`);
  });

  it('sends nothing while the account is below its limit', async () => {
    const account = await h.t.signIn({ commercialFeatures: true });
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: null,
    });
    await postLead('only@example.com');
    await settled();
    expect(noticesTo(account.email)).toEqual([]);
  });
});
