import type { LeadMeasurement, TrackingConsent } from '@quizbeam/contracts/measurement';
import { URL_FIELD_VALUE_MAX_LENGTH } from '@quizbeam/contracts/quizConstants';
import { CONSENT_ATTRIBUTE } from '../markup/pageIds';
import { BROWSER_IDS_PROPERTY, type TrackingWindow } from '../tracking/trackingShared';

/*
 * What a lead carries beyond the form: the quiz's URL fields as the page's address has them (an embed passes
 * the embedding page's on), and the context server-side conversions need. Written tersely: every quiz page
 * downloads this, tags or not.
 */

export interface LeadUrlFields {
  urlFields: Record<string, string>;
  /** The names whose values were longer than 500 characters and were cut. */
  urlFieldsCut?: string[];
}

/**
 * Each of the quiz's URL fields the address (`location.search`) has, cut to 500 characters. NUL, and a
 * surrogate pair the cut splits, are dropped: the visitor API refuses a body holding either.
 */
export function leadUrlFields(search: string, names: readonly string[]): LeadUrlFields {
  const query = new URLSearchParams(search);
  const urlFields: Record<string, string> = {};
  const cut: string[] = [];
  for (const name of names) {
    const value = query.get(name)?.split('\u0000').join('');
    if (!value) continue;
    if (value.length > URL_FIELD_VALUE_MAX_LENGTH) cut.push(name);
    urlFields[name] = value.slice(0, URL_FIELD_VALUE_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '');
  }
  return cut.length > 0 ? { urlFields, urlFieldsCut: cut } : { urlFields };
}

/**
 * The lead's measurement context: the event id, the consent and, from an ad click's fbclid in the address, the
 * click id as Meta's `_fbc` cookie would hold it (dated from when the page was opened, `landedAt` in ms), so a
 * server-side conversion has it even on a page without Meta's pixel. On a page with tags, the tracking script
 * adds what the platforms' cookies hold (and a newer `_fbc`). An fbclid the lead call would refuse is left out.
 */
export function leadMeasurement(eventId: string, search: string, landedAt: number): LeadMeasurement {
  const fbclid = new URLSearchParams(search).get('fbclid');
  return {
    eventId,
    // The visitor's answer to the consent bar (see CONSENT_ATTRIBUTE).
    consent:
      (document.documentElement.getAttribute(CONSENT_ATTRIBUTE) as TrackingConsent | null) ?? 'not-asked',
    fbc: fbclid && /^[\w-]{1,600}$/.test(fbclid) ? `fb.1.${landedAt}.${fbclid}` : undefined,
    ...(window as TrackingWindow)[BROWSER_IDS_PROPERTY]?.(),
  };
}
