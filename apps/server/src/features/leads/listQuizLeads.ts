import {
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadDelivery,
  type LeadsPage,
  type ListLeadsQuery,
} from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { deliveredAnswers, storedCategoryScores, storedResponses } from '../delivery/deliveredAnswers';
import { leadFieldDisplay, leadFieldsForDelivery } from '../delivery/deliveredLeadFields';
import { orderedUrlFields, storedUrlFields, storedUrlFieldsCut } from '../delivery/deliveredUrlFields';
import { loadSnapshotWords } from '../delivery/snapshotWords';
import { leadAnswerOf, leadPercent } from './leadAnswers';
import { decodeLeadCursor, encodeLeadCursor } from './leadCursor';
import { leadPositionTime, olderThan } from './leadKeyset';
import { findLeadsQuiz, leadMaxScore, leadOutcomeTitle } from './leadsQuiz';

type DeliveryRow = typeof leadDeliveries.$inferSelect;

const ENDED_STATES: ReadonlySet<DeliveryRow['state']> = new Set(['delivered', 'failed', 'cancelled']);

export function leadDeliveryOf(row: DeliveryRow): LeadDelivery {
  return {
    id: row.id,
    destinationName: row.destinationName,
    destinationType: row.destinationType,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: ENDED_STATES.has(row.state) ? null : row.nextAttemptAt.toISOString(),
  };
}

/**
 * A page of the quiz's leads, newest first, each with its answers (labelled by the version it answered), its
 * URL fields (in the quiz's order) and its deliveries; keyset-paged on (time, id) so that a page costs the
 * same at the 100,000th lead as at the first.
 */
export async function listQuizLeads(
  db: Database,
  accountId: string,
  quizId: string,
  query: ListLeadsQuery,
): Promise<LeadsPage> {
  const quiz = await findLeadsQuiz(db, accountId, quizId);
  const limit = query.limit ?? LEADS_PAGE_SIZE;
  const conditions: SQL[] = [eq(leads.quizId, quizId)];
  if (query.cursor) conditions.push(olderThan(decodeLeadCursor(query.cursor)));
  if (query.state) {
    conditions.push(
      sql`exists (select 1 from ${leadDeliveries} where ${leadDeliveries.leadId} = ${leads.id} and ${leadDeliveries.state} = ${query.state})`,
    );
  }
  const rows = await db
    .select({
      id: leads.id,
      email: leads.email,
      name: leads.name,
      outcomeId: leads.outcomeId,
      score: leads.score,
      maxScore: leadMaxScore,
      snapshotId: leads.snapshotId,
      answers: leads.answers,
      categoryScores: leads.categoryScores,
      fields: leads.fields,
      consent: leads.consent,
      createdAt: leads.createdAt,
      position: leadPositionTime,
      urlFields: leads.urlFields,
      urlFieldsCut: leads.urlFieldsCut,
    })
    .from(leads)
    .where(and(...conditions))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit + 1);
  const pageRows = rows.slice(0, limit);
  // A lead's deliveries are written in one transaction and share their time: the name keeps their order stable.
  const deliveries = pageRows.length
    ? await db
        .select()
        .from(leadDeliveries)
        .where(
          inArray(
            leadDeliveries.leadId,
            pageRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(leadDeliveries.createdAt), asc(leadDeliveries.destinationName), asc(leadDeliveries.id))
    : [];
  const snapshots = await loadSnapshotWords(
    db,
    pageRows.map((row) => row.snapshotId),
  );
  const deliveriesByLead = new Map<string, DeliveryRow[]>();
  for (const delivery of deliveries) {
    deliveriesByLead.set(delivery.leadId, [...(deliveriesByLead.get(delivery.leadId) ?? []), delivery]);
  }
  const last = pageRows.at(-1);
  return {
    leads: pageRows.map((row): Lead => {
      const categories = storedCategoryScores(row.categoryScores);
      const words = snapshots.get(row.snapshotId);
      const fields = leadFieldsForDelivery(row.fields, words?.leadFields ?? []).list;
      const urlFields = orderedUrlFields(storedUrlFields(row.urlFields), quiz.urlFieldNames);
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        outcome:
          row.outcomeId === null
            ? null
            : { id: row.outcomeId, title: leadOutcomeTitle(quiz, { ...row, categories }) },
        score: row.score,
        percent: leadPercent(quiz.type, row),
        answers: deliveredAnswers(storedResponses(row.answers), words?.questions).map(leadAnswerOf),
        categories,
        fields: fields.map(({ key, label, kind, value }) => ({
          key,
          label,
          kind,
          value: leadFieldDisplay(value),
        })),
        createdAt: row.createdAt.toISOString(),
        utmSource: urlFields.utm_source ?? null,
        urlFields,
        urlFieldsCut: storedUrlFieldsCut(row.urlFieldsCut).filter((name) => Object.hasOwn(urlFields, name)),
        consent: row.consent,
        deliveries: (deliveriesByLead.get(row.id) ?? []).map(leadDeliveryOf),
      };
    }),
    nextCursor: rows.length > limit && last ? encodeLeadCursor({ time: last.position, id: last.id }) : null,
  };
}
