import type { VisitorEvent, VisitorOutcome, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { createEventBatcher } from './eventBatcher';
import { pageUrlForLead } from './pageUrlForLead';
import type { Visitor } from './visitor';
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

function asVisitorResult(body: unknown): VisitorResult {
  const result = body as Partial<VisitorResult> | null;
  if (
    !result ||
    !(result.outcomeId === null || isInteger(result.outcomeId)) ||
    !isInteger(result.score) ||
    !isInteger(result.maxScore) ||
    !isVisitorOutcome(result.outcome)
  ) {
    throw new Error('Unexpected result');
  }
  return result as VisitorResult;
}

/** The visitor API on the quiz's own origin: events in small batches, the result from the server. */
export function publishedVisitor(snapshotId: string, visitId: string): Visitor {
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
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return asVisitorResult(await response.json());
  };

  return {
    track: events.add,
    complete: (answers) => post(COMPLETE_PATH, { answers }),
    submitLead: (answers, lead) =>
      post(LEADS_PATH, { answers, ...lead, pageUrl: pageUrlForLead(location.href) }),
  };
}
