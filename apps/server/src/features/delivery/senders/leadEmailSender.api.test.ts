import type { LeadFormField } from '@quizbeam/contracts/leadFormFields';
import type { LeadNotifications } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { leadNotificationUnsubscribes } from '@quizbeam/db/measurementSchema';
import { leads } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../../email/mailer';
import { useDeliveryHarness } from '../../../testing/deliveries';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount } from '../../../testing/testApp';
import { readUnsubscribeToken } from '../../leadNotifications/unsubscribeToken';
import { ALL_UNSUBSCRIBED_TEXT, createLeadEmailSender } from './leadEmailSender';
import { sendDelivery } from './sendDelivery';
import { createWebhookLoader } from './webhookLoader';

/*
 * The new-lead email as the ledger delivers it: one email per listed recipient who has not unsubscribed,
 * never a second one to anybody, retried only when nobody got it.
 */

const h = useDeliveryHarness();

const COMPANY_FIELD: LeadFormField = {
  id: 'f1',
  kind: 'company',
  label: 'Company',
  key: 'company',
  required: false,
};

/** A scored quiz published with capture on, a Company field and new-lead emails as given. */
async function publishWithLeadEmails(account: SignedInAccount, leadNotifications: LeadNotifications) {
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const published = await account.call('POST', `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`, {
    ...quiz,
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, fields: [COMPANY_FIELD] },
    leadNotifications,
  } satisfies Quiz);
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(h.t, quiz.id);
  return {
    quiz,
    async postLead(email: string) {
      const answered = await visitorOf(h.t)('POST', '/_q/leads', {
        snapshotId,
        visitId: `visit-${crypto.randomUUID()}`,
        // 3 + 2 points of 5: the second outcome.
        answers: [
          { questionId: q[0], answerId: a[0]?.[0] },
          { questionId: q[2], answerId: a[2]?.[0] },
        ],
        email,
        name: 'Ada Lovelace',
        consent: false,
        pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}?utm_source=fb&gclid=gc-123`,
        fields: { f1: 'Analytical Engines' },
      });
      expect(answered.statusCode).toBe(200);
      const [lead] = await h.t.database.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.quizId, quiz.id), eq(leads.email, email)));
      if (!lead) throw new Error('the lead was not stored');
      return lead.id;
    },
  };
}

/** The app's outbox mailer, keeping what it was given and refusing the addresses in `refuse`. */
function recordingMailer(refuse: ReadonlySet<string> = new Set()) {
  const given: EmailMessage[] = [];
  const mailer: Mailer & { given: EmailMessage[]; refuse: Set<string> } = {
    given,
    refuse: new Set(refuse),
    async send(message) {
      if (this.refuse.has(message.to)) throw new Error('550 mailbox unavailable');
      given.push(message);
      await h.t.context.mailer.send(message);
    },
  };
  return mailer;
}

function leadEmailWorker(mailer: Mailer) {
  const sendLeadEmail = createLeadEmailSender({
    db: h.t.database.db,
    mailer,
    appUrl: APP_ORIGIN,
    basePath: '',
    secret: h.t.context.sessionSecret,
  });
  const loadWebhook = createWebhookLoader(h.t.database.db, h.t.context.secretBox);
  return h.worker({
    destinationTypes: ['lead-email'],
    send: (delivery, lead) => sendDelivery(delivery, lead, { http: h.http, loadWebhook, sendLeadEmail }),
  });
}

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('new-lead emails, one per lead', () => {
  it('sends each listed recipient one email with the lead, a Leads link and their own unsubscribe link', async () => {
    const account = await h.t.signIn();
    const owner = unique('owner');
    const sales = unique('sales');
    const { quiz, postLead } = await publishWithLeadEmails(account, {
      mode: 'each',
      recipients: [owner, sales],
    });
    const visitor = unique('visitor');
    const leadId = await postLead(visitor);
    const delivery = await h.onlyDelivery(leadId);
    expect(delivery).toMatchObject({ destinationType: 'lead-email', destinationName: 'New-lead email' });

    const mailer = recordingMailer();
    const worker = leadEmailWorker(mailer);
    await worker.runOnce();
    await worker.runOnce();
    expect(mailer.given.map((message) => message.to).sort()).toEqual([owner, sales].sort());
    expect((await h.onlyDelivery(leadId)).state).toBe('delivered');
    expect(await h.leadStatus(leadId)).toBe('delivered');
    const [attempt] = await h.attemptsOf(delivery.id);
    expect(attempt?.error).toBeNull();
    expect(attempt?.responseExcerpt).toContain(owner);

    const eml = h.t.outbox().find((mail) => mail.includes(`To: ${owner}`));
    if (!eml) throw new Error('no email to the owner in the outbox');
    const mail = await simpleParser(eml);
    expect(mail.subject).toBe(`New lead for Team quiz: ${visitor}`);
    const text = mail.text ?? '';
    for (const line of [
      `Email: ${visitor}`,
      'Name: Ada Lovelace',
      'Company: Analytical Engines',
      'Outcome: Result 2: 5',
      'Score: 5 (100%)',
      'utm_source: fb',
      'gclid: gc-123',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`${APP_ORIGIN}/quizzes/${quiz.id}/leads`);
    expect(mail.html).toContain(`href="${APP_ORIGIN}/quizzes/${quiz.id}/leads"`);

    // Each recipient's unsubscribe link names them, in the body and in the headers mail programs read.
    const link = text.match(/http:\/\/localhost:3000\/lead-emails\/unsubscribe\/([A-Za-z0-9_.-]+)/);
    expect(readUnsubscribeToken(h.t.context.sessionSecret, link?.[1] ?? '', [sales, owner])).toEqual({
      quizId: quiz.id,
      email: owner,
    });
    const headers = eml.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${link?.[0]}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const salesMessage = mailer.given.find((message) => message.to === sales);
    expect(salesMessage?.text).not.toContain(link?.[1]);
  });

  it('skips recipients who unsubscribed, and sends nothing when all did', async () => {
    const account = await h.t.signIn();
    const kept = unique('kept');
    const gone = unique('gone');
    const { quiz, postLead } = await publishWithLeadEmails(account, {
      mode: 'each',
      recipients: [kept, gone],
    });
    await h.t.database.db.insert(leadNotificationUnsubscribes).values({ quizId: quiz.id, email: gone });
    const mailer = recordingMailer();
    const worker = leadEmailWorker(mailer);

    await postLead(unique('first'));
    await worker.runOnce();
    expect(mailer.given.map((message) => message.to)).toEqual([kept]);

    await h.t.database.db.insert(leadNotificationUnsubscribes).values({ quizId: quiz.id, email: kept });
    const second = await postLead(unique('second'));
    await worker.runOnce();
    expect(mailer.given).toHaveLength(1);
    const delivery = await h.onlyDelivery(second);
    expect(delivery.state).toBe('delivered');
    const [attempt] = await h.attemptsOf(delivery.id);
    expect(attempt?.responseExcerpt).toBe(ALL_UNSUBSCRIBED_TEXT);
  });

  it('counts a partly sent email as delivered, names who was missed and never sends it again', async () => {
    const account = await h.t.signIn();
    const reached = unique('reached');
    const missed = unique('missed');
    const { postLead } = await publishWithLeadEmails(account, {
      mode: 'each',
      recipients: [reached, missed],
    });
    const leadId = await postLead(unique('visitor'));
    const mailer = recordingMailer(new Set([missed]));
    const worker = leadEmailWorker(mailer);

    await worker.runOnce();
    const delivery = await h.onlyDelivery(leadId);
    expect(delivery.state).toBe('delivered');
    const [attempt] = await h.attemptsOf(delivery.id);
    expect(attempt?.error).toContain(missed);
    expect(attempt?.error).toContain('550 mailbox unavailable');
    expect(attempt?.error).not.toContain(reached);
    expect(attempt?.responseExcerpt).toBe(`Sent to ${reached}.`);

    // Even once the address works again and time passes, nothing is sent twice.
    mailer.refuse.clear();
    h.advance(24 * 60 * 60_000);
    await worker.runOnce();
    expect(mailer.given.map((message) => message.to)).toEqual([reached]);
    expect(await h.attemptsOf(delivery.id)).toHaveLength(1);
  });

  it('retries when no email went out, and then sends each recipient one', async () => {
    const account = await h.t.signIn();
    const first = unique('first');
    const second = unique('second');
    const { postLead } = await publishWithLeadEmails(account, { mode: 'each', recipients: [first, second] });
    const leadId = await postLead(unique('visitor'));
    const mailer = recordingMailer(new Set([first, second]));
    const worker = leadEmailWorker(mailer);

    await worker.runOnce();
    const waiting = await h.onlyDelivery(leadId);
    expect(waiting.state).toBe('retrying');
    expect(waiting.lastError).toContain('No new-lead email could be sent');
    expect(mailer.given).toEqual([]);

    mailer.refuse.clear();
    h.advance(2 * 60 * 60_000);
    await worker.runOnce();
    await worker.runOnce();
    expect(mailer.given.map((message) => message.to).sort()).toEqual([first, second].sort());
    expect((await h.onlyDelivery(leadId)).state).toBe('delivered');
  });

  it('plans no email per lead when the quiz sends a daily digest', async () => {
    const account = await h.t.signIn();
    const daily = await publishWithLeadEmails(account, { mode: 'daily', recipients: [unique('daily')] });
    const leadId = await daily.postLead(unique('visitor'));
    expect(await h.leadStatus(leadId)).toBe('not_needed');
  });
});
