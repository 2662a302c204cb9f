import { createHmac } from 'node:crypto';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import type { VisitorLeadBody } from '@quizbeam/contracts/visitorEvents';
import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../http/appError';
import type { Snapshot } from '../modules/publishedSite/snapshotStore';
import type { ComputedResult } from './visitorResult';

const insertedCounts = z.object({ rows: z.array(z.object({ quizzes: z.number(), stored: z.number() })) });

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The utm_* parameters of the page the visitor was on; anything unparsable yields none. */
export function utmOf(pageUrl: string): Record<string, string> {
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    return {};
  }
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    // Decoded from the page address: a visitor can put any character there, even ones the database refuses.
    const value = params
      .get(key)
      ?.replace(/\p{Cc}/gu, '')
      .slice(0, 500)
      .toWellFormed();
    if (value) utm[key] = value;
  }
  return utm;
}

/** Keyed with a server secret: the same visitor gives the same hash, but the hash does not reveal the IP. */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex');
}

/**
 * Stores the lead; it is committed before this resolves, so before the visitor hears back. Only quizzes
 * whose capture form is on take leads, and one visit leaves at most one: a repeated post stores nothing
 * (`stored: false`) and is answered like the first. A deleted quiz takes no more leads: the quiz row is
 * share-locked for the insert, so a lead is either in before the deletion (which then deletes it with the
 * quiz's other records) or refused after it.
 */
export async function recordLead(
  db: Database,
  snapshot: Snapshot,
  body: VisitorLeadBody,
  result: ComputedResult,
  visitor: { ip: string; secret: string },
): Promise<{ stored: boolean }> {
  const settings = snapshot.quiz.leadCaptureSettings;
  if (!settings.enabled) {
    throw new AppError('validation_failed', 'This quiz does not collect email addresses.');
  }
  if (settings.useConfirmationCheckbox && !body.consent) {
    throw new AppError('validation_failed', 'Please tick the confirmation box to continue.');
  }
  const name = settings.captureName && body.name ? body.name : null;
  const consentText = settings.useConfirmationCheckbox
    ? settings.confirmationCheckboxText.trim() || DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText
    : null;
  // One statement, so one round trip: the insert happens only while the quiz row exists, share-locked.
  const inserted = await db.execute(sql`
    with quiz as (select id from quizzes where id = ${snapshot.quizId}::uuid for key share),
    stored as (
      insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, name,
        consent, consent_text, outcome_id, answers, score, utm, ip_hash)
      select ${crypto.randomUUID()}::uuid, ${snapshot.accountId}::uuid, quiz.id, ${snapshot.id}::uuid,
        ${snapshot.version}::int, ${body.visitId}, ${body.email}, ${name}::text, ${body.consent}::boolean,
        ${consentText}::text, ${result.outcomeId}::int, ${JSON.stringify(body.answers)}::jsonb,
        ${result.score}::int, ${JSON.stringify(utmOf(body.pageUrl))}::jsonb,
        ${hashIp(visitor.ip, visitor.secret)}
      from quiz
      on conflict (quiz_id, visit_id) do nothing
      returning id)
    select (select count(*) from quiz)::int as quizzes, (select count(*) from stored)::int as stored`);
  // PGlite and node-postgres both answer raw statements with { rows }.
  const [counts] = insertedCounts.parse(inserted).rows;
  if (!counts || counts.quizzes === 0) throw new AppError('not_found', 'This quiz is not available.');
  return { stored: counts.stored > 0 };
}
