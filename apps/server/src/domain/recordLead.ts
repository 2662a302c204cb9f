import { createHmac } from 'node:crypto';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quiz';
import type { VisitorLeadBody } from '@quizbeam/contracts/visitorEvents';
import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { AppError } from '../http/appError';
import type { Snapshot } from '../modules/published/snapshotStore';
import type { ComputedResult } from './visitorResult';

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

/** Stores the lead in one insert; it is committed before this resolves, so before the visitor hears back. */
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
  await db.insert(leads).values({
    id,
    accountId: snapshot.accountId,
    quizId: snapshot.quizId,
    snapshotId: snapshot.id,
    snapshotVersion: snapshot.version,
    visitId: body.visitId,
    email: body.email,
    name: settings.captureName && body.name ? body.name : null,
    consent: body.consent,
    consentText: settings.useConfirmationCheckbox
      ? settings.confirmationCheckboxText.trim() || DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText
      : null,
    outcomeId: result.outcomeId,
    answers: body.answers,
    score: result.score,
    utm: utmOf(body.pageUrl),
    ipHash: hashIp(visitor.ip, visitor.secret),
  });
  return id;
}
