import type { VisitorEvent, VisitorOutcome, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { createEventBatcher } from './eventBatcher';
import { leadMeasurement, leadUrlFields } from './leadContext';
import { pageUrlForLead } from './pageUrlForLead';
import { withQuizEvents } from './quizEventsVisitor';
import type { VisitorFor } from './startPlayer';
import { newVisitId } from './visitId';
import { FieldRefusal, type Visitor } from './visitor';
import { COMPLETE_PATH, EVENTS_PATH, LEADS_PATH } from './visitorPaths';

const JSON_HEADERS = { 'content-type': 'application/json' };

const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
const isText = (value: unknown) => typeof value === 'string';
// The server sends only these (safeLinkUrl); anything else must never reach location.href.
const isLinkUrl = (value: unknown) => typeof value === 'string' && /^(https?:\/\/|mailto:)/i.test(value);

function isVisitorOutcome(value: unknown): value is VisitorOutcome {
  const outcome = value as Partial<Record<string, unknown>> | null;
  if (!outcome || !isText(outcome.title)) return false;
  if (outcome.type === 'redirect') return isLinkUrl(outcome.url);
  const cta = outcome.cta as { text?: unknown; url?: unknown } | null | undefined;
  return (
    outcome.type === 'text' &&
    isText(outcome.descriptionHtml) &&
    (outcome.imageUrl === null || isText(outcome.imageUrl)) &&
    typeof outcome.shareable === 'boolean' &&
    (cta === null || (isText(cta?.text) && isText(cta?.url)))
  );
}

function isCategoryScore(value: unknown): boolean {
  const category = value as Partial<Record<string, unknown>> | null;
  return !!category && isText(category.name) && isInteger(category.percent);
}

function asVisitorResult(body: unknown): VisitorResult {
  const result = body as Partial<VisitorResult> | null;
  if (
    !result ||
    !(result.outcomeId === null || isInteger(result.outcomeId)) ||
    !isInteger(result.score) ||
    !isInteger(result.maxScore) ||
    !Array.isArray(result.categories) ||
    !result.categories.every(isCategoryScore) ||
    typeof result.showCategoryBars !== 'boolean' ||
    !isVisitorOutcome(result.outcome)
  ) {
    throw new Error('Unexpected result');
  }
  return result as VisitorResult;
}

/** A 400 naming the field it refuses (`fields.f3`): the message to show beside that field. */
async function refusalOf(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { field?: unknown; error?: unknown } | null;
  return typeof body?.field === 'string' && typeof body.error === 'string'
    ? new FieldRefusal(body.field.replace(/^fields\./, ''), body.error)
    : new Error('HTTP 400');
}

/**
 * The visitor API on the quiz's own origin: events in small batches, the result from the server. A lead also
 * carries `leadContext()` (the URL fields and the measurement context, read when it is sent).
 */
export function publishedVisitor(
  snapshotId: string,
  visitId: string,
  leadContext: () => object = () => ({}),
): Visitor {
  const events = createEventBatcher((batch: VisitorEvent[]) => {
    fetch(EVENTS_PATH, {
      method: 'POST',
      keepalive: true,
      headers: JSON_HEADERS,
      body: JSON.stringify({ snapshotId, visitId, events: batch }),
    }).catch(() => {
      // Analytics are best effort: a lost batch must never disturb the visitor.
    });
  });
  addEventListener('pagehide', events.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') events.flush();
  });

  const post = async (path: string, body: object): Promise<VisitorResult> => {
    events.flush();
    const response = await fetch(path, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ snapshotId, visitId, ...body }),
    });
    if (response.status === 400) throw await refusalOf(response);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return asVisitorResult(await response.json());
  };

  return {
    track: events.add,
    complete: (answers) => post(COMPLETE_PATH, { answers }),
    submitLead: (answers, lead) =>
      post(LEADS_PATH, { answers, ...lead, pageUrl: pageUrlForLead(location.href), ...leadContext() }),
  };
}

/**
 * The published page's visitor: a new visit of the page's snapshot, whose lead carries the URL fields and the
 * measurement context, and whose steps reach the page's tags (withQuizEvents).
 */
export const publishedPageVisitor: VisitorFor = (data) => {
  if (data.mode !== 'published') return null;
  const visitId = newVisitId();
  // The browser's Lead / generate_lead event and the lead's server-side conversions share this id.
  const eventId = `lead.${visitId}`;
  const landedAt = Date.now();
  const urlFields = leadUrlFields(location.search, data.quiz.urlFields);
  const visitor = publishedVisitor(data.snapshotId, visitId, () => ({
    ...urlFields,
    measurement: leadMeasurement(eventId, location.search, landedAt),
  }));
  return withQuizEvents(visitor, data.quiz, eventId, urlFields.urlFields);
};
