import type { VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { createEventBatcher } from './eventBatcher';
import type { Visitor } from './visitor';
import { COMPLETE_PATH, EVENTS_PATH, LEADS_PATH } from './visitorPaths';

const JSON_HEADERS = { 'content-type': 'application/json' };

function asVisitorResult(body: unknown): VisitorResult {
  const result = body as Partial<VisitorResult> | null;
  const isInteger = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
  if (
    !result ||
    !(result.outcomeId === null || isInteger(result.outcomeId)) ||
    !isInteger(result.score) ||
    !isInteger(result.maxScore) ||
    !isInteger(result.descriptionIndex)
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
    submitLead: (answers, lead) => post(LEADS_PATH, { answers, ...lead, pageUrl: location.href }),
  };
}
