import { createHmac } from 'node:crypto';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import { quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import type { VisitorLeadBody } from '@quizbeam/contracts/visitorEvents';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { consentTextShown } from '@quizbeam/player/visitorLeadCapture';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../shared/appError';
import { isUuid } from '../../shared/secureTokens';
import type { Snapshot } from '../../shared/snapshot';
import { quizUnavailable } from '../accounts/quizUnavailable';
import { storedCategoryScores } from '../delivery/deliveredAnswers';
import { announceDeliveries } from '../delivery/deliverySignal';
import {
  leadDestinations,
  measurementDestinations,
  type PlannedDestination,
} from '../delivery/leadDestinations';
import { keptUrlFields } from './keptUrlFields';
import { checkLeadFormValues } from './leadFormValues';
import type { ComputedResult } from './visitorResult';

const insertedCounts = z.object({
  rows: z.array(
    z.object({ disabled: z.number(), quizzes: z.number(), stored: z.number(), deliveries: z.number() }),
  ),
});

/** The planned destinations as the statement reads them (jsonb_to_recordset). */
const plannedRows = (planned: PlannedDestination[]) =>
  JSON.stringify(
    planned.map((destination) => ({
      type: destination.type,
      key: destination.key,
      name: destination.name,
      destination: destination.destination,
      webhook_id: destination.type === 'webhook' ? destination.webhookId : null,
      html_form_id: destination.type === 'html-form' ? destination.htmlFormId : null,
      // The quiz document names the connection as free text: only a well-formed id is looked up.
      connection_id:
        destination.type === 'api' && isUuid(destination.destination.connectionId)
          ? destination.destination.connectionId
          : null,
      conversion_api_id: destination.type === 'conversion' ? destination.conversionApiId : null,
    })),
  );

/**
 * What server-side conversions need of the visit: the page's measurement context and the visitor's user
 * agent (the platforms want it for website events; it is cut, as headers can be long). Null without either.
 */
function storedMeasurement(body: VisitorLeadBody, userAgent: string | undefined): string | null {
  const agent = userAgent?.slice(0, 500).replaceAll('\0', '').toWellFormed() ?? '';
  if (!body.measurement && !agent) return null;
  return JSON.stringify({ ...body.measurement, ...(agent ? { userAgent: agent } : {}) });
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
 *
 * The lead's deliveries (one per destination of the published settings, see leadDestinations) are written
 * by the same statement, so they commit with the lead or not at all: a lead is never stored without them.
 * A webhook the account has deleted since publishing is skipped. Each Zapier hook subscribed to the
 * quiz's leads (or all the account's) gets one delivery too. `leads.delivery_status` is the lead's
 * summary: `not_needed` without deliveries, `pending` until every delivery ends (the worker keeps it).
 *
 * A disabled account takes no leads (403, nothing stored), checked in the same statement, so a disable
 * made by another process counts even before this process's caches notice it. The monthly lead limit
 * never refuses a lead (see LeadLimitNotices, which the caller runs once this has committed).
 */
export async function recordLead(
  db: Database,
  snapshot: Snapshot,
  body: VisitorLeadBody,
  result: ComputedResult,
  visitor: { ip: string; secret: string; userAgent?: string; language: VisitorLanguage },
): Promise<{ stored: boolean; deliveries: number }> {
  const settings = snapshot.quiz.leadCaptureSettings;
  if (!settings.enabled) {
    throw new AppError('validation_failed', 'This quiz does not collect email addresses.');
  }
  if (settings.useConfirmationCheckbox && !body.consent) {
    throw new AppError('validation_failed', 'Please tick the confirmation box to continue.');
  }
  // The quiz-level form's fields (an outcome's own settings have none); a refusal stores nothing.
  const fields = checkLeadFormValues(settings.fields ?? [], body.fields);
  const name = settings.captureName && body.name ? body.name : null;
  const urlFields = keptUrlFields(urlFieldNamesOf(snapshot.quiz), body);
  const consentText = settings.useConfirmationCheckbox
    ? consentTextShown(settings, quizVisitorTexts(snapshot.quiz.language, visitor.language))
    : null;
  const planned = [
    ...leadDestinations(settings, snapshot.quiz.outcomes, result.outcomeId),
    ...measurementDestinations(snapshot.quiz, body.measurement?.consent),
  ];
  const accountId = snapshot.accountId;
  // One statement, so one round trip and one transaction: the insert happens only while the quiz row
  // exists, share-locked, and the deliveries only when the lead was inserted.
  const inserted = await db.execute(sql`
    with quiz as (
      select q.id from quizzes q
      where q.id = ${snapshot.quizId}::uuid
        and not exists (select 1 from accounts a where a.id = q.account_id and a.disabled_at is not null)
      for key share),
    planned as (
      select p.type, p.key, coalesce(w.name, f.name, c.display_name, ca.name, p.name) as name, p.destination
      from jsonb_to_recordset(${plannedRows(planned)}::jsonb)
        as p(type text, key text, name text, destination jsonb, webhook_id uuid, html_form_id uuid,
          connection_id uuid, conversion_api_id uuid)
      left join webhooks w on w.id = p.webhook_id and w.account_id = ${accountId}::uuid
      left join html_forms f on f.id = p.html_form_id and f.account_id = ${accountId}::uuid
      left join integration_connections c on c.id = p.connection_id and c.account_id = ${accountId}::uuid
      left join conversion_apis ca on ca.id = p.conversion_api_id and ca.account_id = ${accountId}::uuid
      where (p.webhook_id is null or w.id is not null)
        and (p.conversion_api_id is null or ca.id is not null)
      union all
      -- Zapier: one delivery per subscribed Zap, for all the account's quizzes or this one.
      select 'zapier', 'zapier:' || h.id, 'Zapier', jsonb_build_object('hookId', h.id)
      from zapier_hooks h
      where h.account_id = ${accountId}::uuid and (h.quiz_id is null or h.quiz_id = ${snapshot.quizId}::uuid)),
    stored as (
      insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, name,
        consent, consent_text, outcome_id, answers, score, category_scores, fields, url_fields, url_fields_cut,
        measurement, ip_hash, delivery_status)
      select ${crypto.randomUUID()}::uuid, ${accountId}::uuid, quiz.id, ${snapshot.id}::uuid,
        ${snapshot.version}::int, ${body.visitId}, ${body.email}, ${name}::text, ${body.consent}::boolean,
        ${consentText}::text, ${result.outcomeId}::int, ${JSON.stringify(body.answers)}::jsonb,
        ${result.score}::int, ${JSON.stringify(result.categories)}::jsonb, ${JSON.stringify(fields)}::jsonb,
        ${JSON.stringify(urlFields.values)}::jsonb, ${JSON.stringify(urlFields.cut)}::jsonb,
        ${storedMeasurement(body, visitor.userAgent)}::jsonb,
        ${hashIp(visitor.ip, visitor.secret)},
        case when exists (select 1 from planned) then 'pending' else 'not_needed' end
      from quiz
      on conflict (quiz_id, visit_id) do nothing
      returning id),
    deliveries as (
      insert into lead_deliveries (id, lead_id, account_id, quiz_id, destination_type, destination_key,
        destination_name, destination, idempotency_key)
      select gen_random_uuid(), stored.id, ${accountId}::uuid, ${snapshot.quizId}::uuid, planned.type,
        planned.key, planned.name, planned.destination, stored.id::text || ':' || planned.key
      from stored cross join planned
      returning id)
    select (select count(*) from accounts where id = ${accountId}::uuid and disabled_at is not null)::int
        as disabled,
      (select count(*) from quiz)::int as quizzes, (select count(*) from stored)::int as stored,
      (select count(*) from deliveries)::int as deliveries`);
  // PGlite and node-postgres both answer raw statements with { rows }.
  const [counts] = insertedCounts.parse(inserted).rows;
  if (counts && counts.disabled > 0) throw quizUnavailable();
  if (!counts || counts.quizzes === 0) throw new AppError('not_found', 'This quiz is not available.');
  if (counts.deliveries > 0) announceDeliveries(db);
  return { stored: counts.stored > 0, deliveries: counts.deliveries };
}

/**
 * The outcome, score and category scores stored with the visit's lead: a repeated post of the same visit
 * answers what was stored then, whatever answers it carries now (`computed` if the lead has gone since).
 */
export async function storedLeadResult(
  db: Database,
  quizId: string,
  visitId: string,
  computed: ComputedResult,
): Promise<ComputedResult> {
  const [lead] = await db
    .select({ outcomeId: leads.outcomeId, score: leads.score, categoryScores: leads.categoryScores })
    .from(leads)
    .where(and(eq(leads.quizId, quizId), eq(leads.visitId, visitId)));
  if (!lead) return computed;
  const categories = storedCategoryScores(lead.categoryScores);
  return {
    ...computed,
    outcomeId: lead.outcomeId,
    score: lead.score,
    percent: percentOf(lead.score, computed.maxScore),
    categories,
    showCategoryBars: computed.showCategoryBars && categories.length > 0,
  };
}
