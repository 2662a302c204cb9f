import { ZAPIER_LEADS_LIMIT, type ZapierLead } from '@quizbeam/contracts/zapier';
import type { Database } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../shared/appError';
import { loadLeadsForDelivery } from '../delivery/deliveryLeads';
import type { LeadForDelivery } from '../delivery/leadPayload';

/** A lead as Zapier sees it: the list's items and each hook delivery's body are this same object. */
export function zapierLeadOf(lead: LeadForDelivery): ZapierLead {
  return {
    id: lead.id,
    quizId: lead.quizId,
    quizName: lead.quizName,
    email: lead.email,
    name: lead.name,
    outcome: lead.outcome?.title ?? null,
    score: lead.score,
    percent: lead.percent,
    answers: lead.answers,
    categories: lead.categories,
    fields: lead.fields.byKey,
    utmSource: lead.urlFields.utm_source ?? null,
    utmMedium: lead.urlFields.utm_medium ?? null,
    utmCampaign: lead.urlFields.utm_campaign ?? null,
    utmTerm: lead.urlFields.utm_term ?? null,
    utmContent: lead.urlFields.utm_content ?? null,
    urlFields: lead.urlFields,
    createdAt: lead.createdAt.toISOString(),
  };
}

const leadIdRows = z.object({ rows: z.array(z.object({ id: z.string() })) });

/**
 * The account's latest leads (of one quiz, or all), newest first, for Zapier's polling and samples. Each
 * quiz's latest are read through its (quiz_id, created_at) index, then merged. A quiz that is not the
 * account's (another's, or deleted) is a 404, as everywhere.
 */
export async function latestZapierLeads(
  db: Database,
  accountId: string,
  quizId: string | undefined,
): Promise<ZapierLead[]> {
  if (quizId !== undefined) {
    const [quiz] = await db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)));
    if (!quiz) throw notFound();
  }
  const result = await db.execute(sql`
    select l.id from quizzes q
    cross join lateral (
      select id, created_at from leads where quiz_id = q.id
      order by created_at desc, id desc limit ${ZAPIER_LEADS_LIMIT}) l
    where q.account_id = ${accountId}::uuid
      ${quizId === undefined ? sql`` : sql`and q.id = ${quizId}::uuid`}
    order by l.created_at desc, l.id desc
    limit ${ZAPIER_LEADS_LIMIT}`);
  const ids = leadIdRows.parse(result).rows.map((row) => row.id);
  const leads = await loadLeadsForDelivery(db, ids);
  return ids.flatMap((id) => {
    const lead = leads.get(id);
    return lead ? [zapierLeadOf(lead)] : [];
  });
}
