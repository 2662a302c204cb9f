import { MAX_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import type { VisitorEvent } from '@quizbeam/contracts/visitorEvents';

type VisitEvent = Extract<VisitorEvent, { type: 'visit' }>;

/** The most characters of a UTM value or URL field analytics keep (the visitor API refuses longer ones). */
export const UTM_MAX_LENGTH = 100;

/**
 * An address parameter as analytics keep it, cut to 100 characters; undefined when absent or empty. NUL, and
 * a surrogate pair the cut splits, are dropped: the visitor API refuses a batch holding either.
 */
function keptValue(query: URLSearchParams, name: string): string | undefined {
  const value = query
    .get(name)
    ?.split('\u0000')
    .join('')
    .slice(0, UTM_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
  return value || undefined;
}

/**
 * The 'visit' event of a page whose address has this query (`location.search`): its utm_source and
 * utm_campaign, and each of the quiz's URL fields (`urlFieldNames`) it has, at most MAX_URL_FIELDS.
 */
export function visitEvent(search: string, urlFieldNames: readonly string[] = []): VisitEvent {
  const query = new URLSearchParams(search);
  const event: VisitEvent = { type: 'visit' };
  const utmSource = keptValue(query, 'utm_source');
  const utmCampaign = keptValue(query, 'utm_campaign');
  if (utmSource) event.utmSource = utmSource;
  if (utmCampaign) event.utmCampaign = utmCampaign;
  const urlFields: [string, string][] = [];
  for (const name of urlFieldNames) {
    const value = keptValue(query, name);
    if (value) urlFields.push([name, value]);
  }
  // fromEntries makes every name the object's own property, `__proto__` too.
  if (urlFields.length) event.urlFields = Object.fromEntries(urlFields.slice(0, MAX_URL_FIELDS));
  return event;
}
