import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import type { Database } from '@quizbeam/db/database';
import { deliveryAlerts, deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads, quizzes } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { SignedInAccount } from './testApp';

/** A new quiz of the account whose document has these outcomes (only what the Leads view reads of them). */
export async function quizWithOutcomes(
  db: Database,
  account: SignedInAccount,
  outcomes: { id: number; name: string }[] = [],
): Promise<string> {
  const { quizId } = (
    await account.send(createQuizEndpoint, { body: { name: 'Night or day', type: 'general' } })
  ).data();
  await db
    .update(quizzes)
    .set({ document: sql`jsonb_set(${quizzes.document}, '{outcomes}', ${JSON.stringify(outcomes)}::jsonb)` })
    .where(eq(quizzes.id, quizId));
  return quizId;
}

export interface LeadFields {
  email?: string;
  name?: string | null;
  outcomeId?: number | null;
  score?: number;
  urlFields?: Record<string, string>;
  urlFieldsCut?: string[];
  consent?: boolean;
  consentText?: string | null;
  createdAt?: Date;
}

let visits = 0;

/** A lead written straight into the table, as recordLead leaves it. */
export async function insertLead(
  db: Database,
  account: SignedInAccount,
  quizId: string,
  fields: LeadFields = {},
): Promise<string> {
  visits += 1;
  const id = crypto.randomUUID();
  await db.insert(leads).values({
    id,
    accountId: account.accountId,
    quizId,
    snapshotId: crypto.randomUUID(),
    snapshotVersion: 1,
    visitId: `visit-${visits}-${id}`,
    email: fields.email ?? `visitor${visits}@example.com`,
    name: fields.name === undefined ? `Visitor ${visits}` : fields.name,
    consent: fields.consent ?? false,
    consentText: fields.consentText ?? null,
    outcomeId: fields.outcomeId ?? null,
    answers: [],
    score: fields.score ?? 0,
    urlFields: fields.urlFields ?? {},
    urlFieldsCut: fields.urlFieldsCut ?? [],
    ipHash: 'a'.repeat(64),
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
  return id;
}

export interface DeliveryFields {
  state?: (typeof leadDeliveries.$inferSelect)['state'];
  destinationKey?: string;
  destinationName?: string;
  attempts?: number;
  lastError?: string | null;
  lockedUntil?: Date | null;
}

/** A delivery of the lead, in the state the worker would have left it. */
export async function insertDelivery(
  db: Database,
  account: SignedInAccount,
  quizId: string,
  leadId: string,
  fields: DeliveryFields = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const state = fields.state ?? 'pending';
  const ended = state === 'delivered' || state === 'failed' || state === 'cancelled';
  await db.insert(leadDeliveries).values({
    id,
    leadId,
    accountId: account.accountId,
    quizId,
    destinationType: 'webhook',
    destinationKey: fields.destinationKey ?? 'webhook:crm',
    destinationName: fields.destinationName ?? 'CRM webhook',
    destination: { webhookId: 'crm' },
    idempotencyKey: `${leadId}:${id}`,
    state,
    attempts: fields.attempts ?? 0,
    lastError: fields.lastError ?? null,
    lockedUntil: fields.lockedUntil ?? null,
    nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
    ...(ended ? { finishedAt: new Date('2026-01-01T00:00:00Z') } : {}),
  });
  return id;
}

export async function insertAttempt(
  db: Database,
  deliveryId: string,
  attempt: { startedAt: Date; statusCode: number | null; error?: string; responseExcerpt?: string },
): Promise<void> {
  await db.insert(deliveryAttempts).values({
    deliveryId,
    startedAt: attempt.startedAt,
    durationMs: 120,
    statusCode: attempt.statusCode,
    error: attempt.error ?? null,
    responseExcerpt: attempt.responseExcerpt ?? null,
  });
}

/** The alert the worker records when a destination's delivery fails for good. */
export async function recordFailure(
  db: Database,
  account: SignedInAccount,
  destinationKey: string,
  failedAt: Date,
): Promise<void> {
  await db
    .insert(deliveryAlerts)
    .values({ accountId: account.accountId, destinationKey, lastFailedAt: failedAt })
    .onConflictDoUpdate({
      target: [deliveryAlerts.accountId, deliveryAlerts.destinationKey],
      set: { lastFailedAt: failedAt },
    });
}
