import { leadNotificationsSchema } from '@quizbeam/contracts/measurement';
import type { Database } from '@quizbeam/db/database';
import { leadDigests } from '@quizbeam/db/measurementSchema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type DigestLead, leadDigestMessage } from '../../email/leadNotificationMessages';
import type { Mailer } from '../../email/mailer';
import { loadLeadsForDelivery } from '../delivery/deliveryLeads';
import { type LeadEmailSettings, leadEmailLinks } from './leadEmailLinks';
import { unsubscribedEmails } from './unsubscribes';

/** A digest lists this many leads, then says how many more there were. */
export const DIGEST_LEADS_LISTED = 100;
/** After a pause (the worker stopped, the digest switched off and on), at most this many past days are sent. */
export const DIGEST_CATCH_UP_DAYS = 7;
/**
 * A day is summed up this long after it ends, so a lead stored a moment before midnight by a server whose
 * clock is a little behind this worker's is still in it.
 */
export const DIGEST_GRACE_MS = 10 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

export interface DigestOptions extends LeadEmailSettings {
  db: Database;
  mailer: Mailer;
  log?: (message: string, error?: unknown) => void;
}

/** One day's digest of one quiz, as a run handled it. */
export interface DigestResult {
  quizId: string;
  day: string;
  /**
   * `sent`: to at least one recipient; `empty`: no leads that day; `skipped`: another run claimed it;
   * `nobody`: every recipient unsubscribed; `failed`: no email went out, the day is left for a later run.
   */
  outcome: 'sent' | 'empty' | 'skipped' | 'nobody' | 'failed';
  leadCount: number;
  recipients: string[];
}

const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The past UTC days due for a digest, through the last day ended (DIGEST_GRACE_MS ago): from the day after
 * the last one sent (at most DIGEST_CATCH_UP_DAYS back), or, for the first digest, from yesterday.
 */
export function dueDigestDays(lastDay: string | null, now: Date): string[] {
  const lastEnded = dayStart(dayText(now.getTime() - DIGEST_GRACE_MS)) - DAY_MS;
  const yesterday = dayStart(dayText(now.getTime())) - DAY_MS;
  const earliest = lastEnded - (DIGEST_CATCH_UP_DAYS - 1) * DAY_MS;
  const first = lastDay === null ? yesterday : Math.max(dayStart(lastDay) + DAY_MS, earliest);
  const days: string[] = [];
  for (let time = first; time <= lastEnded; time += DAY_MS) days.push(dayText(time));
  return days;
}

const digestQuizRows = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      settings: z.unknown(),
      last_day: z.string().nullable(),
    }),
  ),
});

/** The quizzes whose saved document asks for a daily digest, with recipients, and the last day sent. */
async function digestQuizzes(db: Database) {
  const result = await db.execute(sql`
    select q.id, q.name, q.document->'leadNotifications' as settings,
      (select max(d.day)::text from lead_digests d where d.quiz_id = q.id) as last_day
    from quizzes q
    join accounts a on a.id = q.account_id and a.disabled_at is null
    where q.document->'leadNotifications'->>'mode' = 'daily'`);
  return digestQuizRows.parse(result).rows.flatMap((row) => {
    const settings = leadNotificationsSchema.safeParse(row.settings);
    if (!settings.success || settings.data.recipients.length === 0) return [];
    return [{ id: row.id, name: row.name, recipients: settings.data.recipients, lastDay: row.last_day }];
  });
}

/**
 * The day's leads a digest lists: those of the UTC day, less any a new-lead email of its own went out for
 * (the quiz sent one per lead then), so no lead is emailed twice.
 */
const dayLeads = (quizId: string, day: string) => sql`
  from leads l
  where l.quiz_id = ${quizId}::uuid
    and l.created_at >= ${new Date(dayStart(day)).toISOString()}::timestamptz
    and l.created_at < ${new Date(dayStart(day) + DAY_MS).toISOString()}::timestamptz
    and not exists (select 1 from lead_deliveries ld where ld.lead_id = l.id and ld.destination_type = 'lead-email')`;

/** Claims the day's digest for this run (null: another run has it), counting its leads in the same statement. */
async function claimDigest(db: Database, quizId: string, day: string): Promise<number | null> {
  const result = await db.execute(sql`
    insert into lead_digests (quiz_id, day, lead_count)
    select ${quizId}::uuid, ${day}::date, count(*)::int ${dayLeads(quizId, day)}
    on conflict do nothing
    returning lead_count`);
  const [row] = z.object({ rows: z.array(z.object({ lead_count: z.number() })) }).parse(result).rows;
  return row ? row.lead_count : null;
}

async function digestLeads(db: Database, quizId: string, day: string): Promise<DigestLead[]> {
  const result = await db.execute(sql`
    select l.id ${dayLeads(quizId, day)}
    order by l.created_at, l.id
    limit ${DIGEST_LEADS_LISTED}`);
  const ids = z
    .object({ rows: z.array(z.object({ id: z.string() })) })
    .parse(result)
    .rows.map((row) => row.id);
  const leads = await loadLeadsForDelivery(db, ids);
  return ids.flatMap((id) => {
    const lead = leads.get(id);
    if (!lead) return [];
    return [
      {
        createdAt: lead.createdAt,
        email: lead.email,
        name: lead.name,
        outcome: lead.outcome?.title.trim() || null,
      },
    ];
  });
}

const releaseClaim = (db: Database, quizId: string, day: string) =>
  db.delete(leadDigests).where(and(eq(leadDigests.quizId, quizId), eq(leadDigests.day, day)));

type DigestQuiz = Awaited<ReturnType<typeof digestQuizzes>>[number];

async function sendDigest(options: DigestOptions, quiz: DigestQuiz, day: string): Promise<DigestResult> {
  const { db, mailer } = options;
  const result = (outcome: DigestResult['outcome'], leadCount: number, recipients: string[] = []) => ({
    quizId: quiz.id,
    day,
    outcome,
    leadCount,
    recipients,
  });
  const total = await claimDigest(db, quiz.id, day);
  if (total === null) return result('skipped', 0);
  if (total === 0) return result('empty', 0);
  let recipients: string[];
  let leads: DigestLead[];
  try {
    const unsubscribed = await unsubscribedEmails(db, quiz.id);
    recipients = quiz.recipients.filter((recipient) => !unsubscribed.has(recipient));
    leads = recipients.length === 0 ? [] : await digestLeads(db, quiz.id, day);
  } catch (error) {
    // Nothing was sent yet: the claim is given back, so a later run sends it.
    await releaseClaim(db, quiz.id, day).catch(() => {});
    throw error;
  }
  if (recipients.length === 0) return result('nobody', total);
  const facts = { quizName: quiz.name, day, total, leads };
  const sent = await Promise.allSettled(
    recipients.map((recipient) =>
      mailer.send(leadDigestMessage(recipient, facts, leadEmailLinks(options, quiz.id, recipient))),
    ),
  );
  const reached = recipients.filter((_recipient, index) => sent[index]?.status === 'fulfilled');
  const failures = sent.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
  if (reached.length === 0) {
    // Nobody has it: the claim is given back, so a later run sends it.
    await releaseClaim(db, quiz.id, day);
    options.log?.(
      `the digest of quiz ${quiz.id} for ${day} could not be sent; trying again later`,
      failures[0],
    );
    return result('failed', total);
  }
  if (failures.length > 0) {
    // Those it reached would get it twice: the others miss this one.
    const missed = recipients.filter((recipient) => !reached.includes(recipient));
    options.log?.(`the digest of quiz ${quiz.id} for ${day} did not reach ${missed.join(', ')}`, failures[0]);
  }
  return result('sent', total, reached);
}

/**
 * Sends every due daily digest: for each quiz asking for one, each past UTC day not yet claimed. A day is
 * claimed (its `lead_digests` row inserted) before anything is sent, so of several runs at once, on one
 * worker or many, only the one that claimed it sends it. A day without leads is claimed and sends nothing.
 */
export async function sendDueDigests(options: DigestOptions, now: Date): Promise<DigestResult[]> {
  const results: DigestResult[] = [];
  for (const quiz of await digestQuizzes(options.db)) {
    for (const day of dueDigestDays(quiz.lastDay, now)) {
      try {
        const handled = await sendDigest(options, quiz, day);
        results.push(handled);
        // The days after wait for this one: a later day's digest would make it look sent.
        if (handled.outcome === 'failed') break;
      } catch (error) {
        // The quiz was deleted meanwhile, or the database is away: the next run looks again.
        options.log?.(`could not handle the digest of quiz ${quiz.id} for ${day}`, error);
        break;
      }
    }
  }
  return results;
}
