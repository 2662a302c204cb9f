import type { VisitorEvent } from '@quizbeam/contracts/visitorEvents';

type VisitEvent = Extract<VisitorEvent, { type: 'visit' }>;

/** The most characters of a UTM value analytics keep (the visitor API refuses longer ones). */
export const UTM_MAX_LENGTH = 100;

/**
 * A UTM parameter as analytics keep it, cut to 100 characters; undefined when absent or empty. NUL, and a
 * surrogate pair the cut splits, are dropped: the visitor API refuses a batch holding either.
 */
function utmValue(query: URLSearchParams, name: string): string | undefined {
  const value = query
    .get(name)
    ?.split('\u0000')
    .join('')
    .slice(0, UTM_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
  return value || undefined;
}

/** The 'visit' event of a page whose address has this query (`location.search`). */
export function visitEvent(search: string): VisitEvent {
  const query = new URLSearchParams(search);
  const event: VisitEvent = { type: 'visit' };
  const utmSource = utmValue(query, 'utm_source');
  const utmCampaign = utmValue(query, 'utm_campaign');
  if (utmSource) event.utmSource = utmSource;
  if (utmCampaign) event.utmCampaign = utmCampaign;
  return event;
}
