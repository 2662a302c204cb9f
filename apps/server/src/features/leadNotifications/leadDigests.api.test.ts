import type { LeadNotifications } from '@quizbeam/contracts/measurement';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leadDigests, leadNotificationUnsubscribes } from '@quizbeam/db/measurementSchema';
import { leads, quizzes } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../email/mailer';
import { insertDelivery, insertLead } from '../../testing/leads';
import { liveSnapshotIdOf, storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { startLeadDigestJob } from './leadDigestJob';
import { type DigestOptions, sendDueDigests } from './leadDigests';
import { readUnsubscribeToken } from './unsubscribeToken';

/*
 * The daily digest: each past UTC day's leads of a quiz that asks for one, claimed before it is sent so that
 * it goes out once however many workers run, nothing for a day without leads.
 */

let t: TestApp;
let account: SignedInAccount;

beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: 'http://quizzes.test:4000' });
  account = await t.signIn();
});
afterAll(async () => {
  await t?.close();
});

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The outbox mailer, keeping what it was given and refusing while `refusing` is set. */
function recordingMailer() {
  const mailer: Mailer & { given: EmailMessage[]; refusing: boolean } = {
    given: [],
    refusing: false,
    async send(message) {
      if (this.refusing) throw new Error('421 try again later');
      this.given.push(message);
      await t.context.mailer.send(message);
    },
  };
  return mailer;
}

const optionsWith = (mailer: Mailer): DigestOptions => ({
  db: t.database.db,
  mailer,
  appUrl: APP_ORIGIN,
  basePath: '',
  secret: t.context.sessionSecret,
  log: () => {},
});

/** A published scored quiz of its own name whose saved document asks for new-lead emails as given. */
async function digestQuiz(name: string, notifications: LeadNotifications) {
  const { quiz, o } = await storedScoredQuiz(account.call);
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    quiz,
  );
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(t, quiz.id);
  await t.database.db
    .update(quizzes)
    .set({
      name,
      document: sql`jsonb_set(${quizzes.document}, '{leadNotifications}', ${JSON.stringify(notifications)}::jsonb)`,
    })
    .where(eq(quizzes.id, quiz.id));
  return {
    quizId: quiz.id,
    /** A lead of the published version at `createdAt`, with the second outcome ("Result 2: 5"). */
    async lead(createdAt: string, email = unique('lead'), name: string | null = 'Ada Lovelace') {
      const id = await insertLead(t.database.db, account, quiz.id, {
        createdAt: new Date(createdAt),
        email,
        name,
      });
      await t.database.db
        .update(leads)
        .set({ snapshotId, outcomeId: o[1], score: 5 })
        .where(eq(leads.id, id));
      return { id, email };
    },
  };
}

const forQuiz = (quizId: string, results: Awaited<ReturnType<typeof sendDueDigests>>) =>
  results
    .filter((result) => result.quizId === quizId)
    .map(({ day, outcome, leadCount }) => ({ day, outcome, leadCount }));

const digestRows = (quizId: string) =>
  t.database.db
    .select({ day: leadDigests.day, leadCount: leadDigests.leadCount })
    .from(leadDigests)
    .where(eq(leadDigests.quizId, quizId))
    .orderBy(leadDigests.day);

describe('the daily digest', () => {
  it("sends yesterday's leads, once, to each subscribed recipient", async () => {
    const owner = unique('owner');
    const gone = unique('gone');
    const quiz = await digestQuiz('Which dog are you?', { mode: 'daily', recipients: [owner, gone] });
    await t.database.db.insert(leadNotificationUnsubscribes).values({ quizId: quiz.quizId, email: gone });
    const first = await quiz.lead('2026-03-09T00:00:00.000Z', unique('first'), 'Ada <Lovelace>');
    const last = await quiz.lead('2026-03-09T23:59:59.999Z', unique('last'), null);
    const today = await quiz.lead('2026-03-10T00:00:00.000Z', unique('today'));
    const before = await quiz.lead('2026-03-08T23:59:59.999Z', unique('before'));
    const mailer = recordingMailer();
    const now = new Date('2026-03-10T08:00:00Z');

    const results = await sendDueDigests(optionsWith(mailer), now);
    expect(forQuiz(quiz.quizId, results)).toEqual([{ day: '2026-03-09', outcome: 'sent', leadCount: 2 }]);
    expect(mailer.given.map((message) => message.to)).toEqual([owner]);
    const [message] = mailer.given;
    expect(message?.subject).toBe('2 new leads for Which dog are you? on 2026-03-09');
    const text = message?.text ?? '';
    expect(text).toContain(`2026-03-09 00:00 UTC · ${first.email} · Ada <Lovelace> · Result 2: 5`);
    expect(text).toContain(`2026-03-09 23:59 UTC · ${last.email} · Result 2: 5`);
    expect(text.indexOf(first.email)).toBeLessThan(text.indexOf(last.email));
    expect(text).not.toContain(today.email);
    expect(text).not.toContain(before.email);
    expect(text).toContain(`${APP_ORIGIN}/quizzes/${quiz.quizId}/leads`);
    expect(message?.html).toContain('Ada &#60;Lovelace&#62;');
    expect(message?.html).not.toContain('Ada <Lovelace>');
    const token = text.match(/\/lead-emails\/unsubscribe\/([A-Za-z0-9_.-]+)/)?.[1] ?? '';
    expect(readUnsubscribeToken(t.context.sessionSecret, token, [gone, owner])).toEqual({
      quizId: quiz.quizId,
      email: owner,
    });
    expect(message?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await digestRows(quiz.quizId)).toEqual([{ day: '2026-03-09', leadCount: 2 }]);

    // Later the same day, and on the next run: nothing more.
    expect(
      forQuiz(quiz.quizId, await sendDueDigests(optionsWith(mailer), new Date('2026-03-10T20:00:00Z'))),
    ).toEqual([]);
    expect(mailer.given).toHaveLength(1);
  });

  it('is sent once when two runs claim the same day at the same time', async () => {
    const recipients = [unique('one'), unique('two')];
    const quiz = await digestQuiz('Race', { mode: 'daily', recipients });
    await quiz.lead('2026-04-01T10:00:00Z');
    const mailer = recordingMailer();
    const now = new Date('2026-04-02T06:00:00Z');

    const [first, second] = await Promise.all([
      sendDueDigests(optionsWith(mailer), now),
      sendDueDigests(optionsWith(mailer), now),
    ]);
    const outcomes = [...forQuiz(quiz.quizId, first ?? []), ...forQuiz(quiz.quizId, second ?? [])].map(
      (result) => result.outcome,
    );
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    expect(mailer.given.map((message) => message.to).sort()).toEqual([...recipients].sort());
    expect(await digestRows(quiz.quizId)).toEqual([{ day: '2026-04-01', leadCount: 1 }]);
  });

  it('claims a day without leads and sends nothing; leads emailed one by one are not listed again', async () => {
    const recipient = unique('quiet');
    const quiz = await digestQuiz('Quiet', { mode: 'daily', recipients: [recipient] });
    const emailed = await quiz.lead('2026-05-01T12:00:00Z');
    await t.database.db
      .update(leadDeliveries)
      .set({ destinationType: 'lead-email', destinationKey: 'lead-email' })
      .where(eq(leadDeliveries.id, await insertDelivery(t.database.db, account, quiz.quizId, emailed.id)));
    const mailer = recordingMailer();

    const results = await sendDueDigests(optionsWith(mailer), new Date('2026-05-03T09:00:00Z'));
    expect(forQuiz(quiz.quizId, results)).toEqual([{ day: '2026-05-02', outcome: 'empty', leadCount: 0 }]);
    // The day the quiz still emailed each lead: its lead is not in a digest too.
    const catchUp = await sendDueDigests(optionsWith(mailer), new Date('2026-05-03T09:00:00Z'));
    expect(forQuiz(quiz.quizId, catchUp)).toEqual([]);
    await t.database.db.delete(leadDigests).where(eq(leadDigests.quizId, quiz.quizId));
    await t.database.db.insert(leadDigests).values({ quizId: quiz.quizId, day: '2026-04-30', leadCount: 0 });
    const withMay1 = await sendDueDigests(optionsWith(mailer), new Date('2026-05-03T09:00:00Z'));
    expect(forQuiz(quiz.quizId, withMay1)).toEqual([
      { day: '2026-05-01', outcome: 'empty', leadCount: 0 },
      { day: '2026-05-02', outcome: 'empty', leadCount: 0 },
    ]);
    expect(mailer.given).toEqual([]);
  });

  it('gives the day back when no email could be sent, holding the days after, and sends them later', async () => {
    const recipient = unique('later');
    const quiz = await digestQuiz('Flaky', { mode: 'daily', recipients: [recipient] });
    await t.database.db.insert(leadDigests).values({ quizId: quiz.quizId, day: '2026-05-29', leadCount: 0 });
    await quiz.lead('2026-05-31T09:30:00Z');
    await quiz.lead('2026-06-01T09:30:00Z');
    const mailer = recordingMailer();
    mailer.refusing = true;
    const now = new Date('2026-06-02T01:00:00Z');

    expect(forQuiz(quiz.quizId, await sendDueDigests(optionsWith(mailer), now))).toEqual([
      { day: '2026-05-30', outcome: 'empty', leadCount: 0 },
      { day: '2026-05-31', outcome: 'failed', leadCount: 1 },
    ]);
    expect((await digestRows(quiz.quizId)).map((row) => row.day)).toEqual(['2026-05-29', '2026-05-30']);

    mailer.refusing = false;
    expect(forQuiz(quiz.quizId, await sendDueDigests(optionsWith(mailer), now))).toEqual([
      { day: '2026-05-31', outcome: 'sent', leadCount: 1 },
      { day: '2026-06-01', outcome: 'sent', leadCount: 1 },
    ]);
    expect(mailer.given.map((message) => message.subject)).toEqual([
      '1 new lead for Flaky on 2026-05-31',
      '1 new lead for Flaky on 2026-06-01',
    ]);
  });

  it('lists at most 100 leads, then says how many more there were', async () => {
    const recipient = unique('busy');
    const quiz = await digestQuiz('Busy', { mode: 'daily', recipients: [recipient] });
    for (let index = 0; index < 103; index += 1) {
      await quiz.lead(
        new Date(Date.parse('2026-07-01T00:00:00Z') + index * 60_000).toISOString(),
        `lead${index}@example.com`,
      );
    }
    const mailer = recordingMailer();
    await sendDueDigests(optionsWith(mailer), new Date('2026-07-02T07:00:00Z'));
    const [message] = mailer.given;
    expect(message?.subject).toBe('103 new leads for Busy on 2026-07-01');
    const text = message?.text ?? '';
    expect(text).toContain('lead99@example.com');
    expect(text).not.toContain('lead100@example.com');
    expect(text).toContain('and 3 more leads');
    expect(message?.html.match(/<tr>/g)).toHaveLength(101);
  });

  it('sends nothing for a quiz that emails each lead, or lists nobody', async () => {
    const each = await digestQuiz('Each', { mode: 'each', recipients: [unique('each')] });
    await each.lead('2026-08-01T10:00:00Z');
    const nobody = await digestQuiz('Nobody', { mode: 'daily', recipients: [] });
    await nobody.lead('2026-08-01T10:00:00Z');
    const mailer = recordingMailer();
    const results = await sendDueDigests(optionsWith(mailer), new Date('2026-08-02T10:00:00Z'));
    expect([...forQuiz(each.quizId, results), ...forQuiz(nobody.quizId, results)]).toEqual([]);
    expect(await digestRows(each.quizId)).toEqual([]);
  });

  it('runs from the worker on its own clock, and stops', async () => {
    const recipient = unique('job');
    const quiz = await digestQuiz('Job', { mode: 'daily', recipients: [recipient] });
    await quiz.lead('2026-09-01T10:00:00Z');
    const mailer = recordingMailer();
    const job = startLeadDigestJob({
      ...optionsWith(mailer),
      now: () => new Date('2026-09-02T10:00:00Z'),
      intervalMs: 60 * 60_000,
    });
    await job.runOnce();
    await job.stop();
    expect(mailer.given.filter((message) => message.to === recipient)).toHaveLength(1);
  });
});
