import { createHmac } from 'node:crypto';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quiz';
import type { VisitorLeadBody } from '@quizbeam/contracts/visitorEvents';
import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../http/appError';
import type { Snapshot } from '../modules/published/snapshotStore';
import type { ComputedResult } from './visitorResult';

const insertedRows = z.object({ rows: z.array(z.unknown()) });

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
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, 500);
  }
  return utm;
}

/** Keyed with a server secret: the same visitor gives the same hash, but the hash does not reveal the IP. */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex');
}

/**
 * Stores the lead; it is committed before this resolves, so before the visitor hears back. A deleted quiz
 * takes no more leads: the quiz row is share-locked for the insert, so a lead is either in before the
 * deletion (which then deletes it with the quiz's other records) or refused after it.
 */
export async function recordLead(
  db: Database,
  snapshot: Snapshot,
  body: VisitorLeadBody,
  result: ComputedResult,
  visitor: { ip: string; secret: string },
): Promise<string> {
  const settings = snapshot.quiz.leadCaptureSettings;
  if (settings.useConfirmationCheckbox && !body.consent) {
    throw new AppError('validation_failed', 'Please tick the confirmation box to continue.');
  }
  const id = crypto.randomUUID();
  const name = settings.captureName && body.name ? body.name : null;
  const consentText = settings.useConfirmationCheckbox
    ? settings.confirmationCheckboxText.trim() || DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText
    : null;
  // One statement, so one round trip: the insert happens only while the quiz row exists, share-locked.
  const inserted = await db.execute(sql`
    insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, name,
      consent, consent_text, outcome_id, answers, score, utm, ip_hash)
    select ${id}::uuid, ${snapshot.accountId}::uuid, quizzes.id, ${snapshot.id}::uuid,
      ${snapshot.version}::int, ${body.visitId}, ${body.email}, ${name}::text, ${body.consent}::boolean,
      ${consentText}::text, ${result.outcomeId}::int, ${JSON.stringify(body.answers)}::jsonb,
      ${result.score}::int, ${JSON.stringify(utmOf(body.pageUrl))}::jsonb,
      ${hashIp(visitor.ip, visitor.secret)}
    from quizzes where quizzes.id = ${snapshot.quizId}::uuid
    for key share
    returning id`);
  // PGlite and node-postgres both answer raw statements with { rows }.
  const { rows } = insertedRows.parse(inserted);
  if (rows.length === 0) throw new AppError('not_found', 'This quiz is not available.');
  return id;
}
