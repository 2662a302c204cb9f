import type { BrowserIds } from './trackingShared';

/** The first capture of `pattern` in the first cookie whose name matches `name` (a pattern too). */
const fromCookie = (cookie: string, name: string, pattern: RegExp): string | undefined =>
  pattern.exec(new RegExp(`(?:^|; )${name}=([^;]*)`).exec(cookie)?.[1] ?? '')?.[1];

/** Meta's `fb.<subdomain index>.<ms>.<random or fbclid>`, with the appendix its newer code may add. */
const META_ID = /^(fb\.\d\.\d{1,20}\.[\w-]{1,300}(\.[\w-]{1,50})?)$/;

/**
 * The platforms' ids in the page's cookies (`document.cookie`), each only when it has the form the lead call
 * accepts (leadMeasurementSchema refuses a whole lead for one it does not). `_ga` is `GA1.1.<random>.<first
 * seen>` (the client id is the last two parts); `_ga_<ID>` the GA4 property's session cookie, `GS1.1.<session
 * id>.…` or `GS2.1.s<session id>$o…` (prefixed parts in any order), any property's without an ID (GTM may
 * load GA4 itself). Meta's pixel rewrites `_fbc` when the address brings a new fbclid.
 */
export function browserIds(cookie: string, ga4MeasurementId: string): BrowserIds {
  const ids: BrowserIds = {
    gaClientId: fromCookie(cookie, '_ga', /^GA\d\.\d+\.(\d{1,20}\.\d{1,20})$/),
    gaSessionId: fromCookie(
      cookie,
      ga4MeasurementId ? `_ga_${ga4MeasurementId.slice(2)}` : '_ga_\\w+',
      /^GS[12]\.\d+\.(?:.*\$)?s?(\d{1,20})(?:[.$]|$)/,
    ),
    fbp: fromCookie(cookie, '_fbp', META_ID),
    fbc: fromCookie(cookie, '_fbc', META_ID),
  };
  // Only the ids found: without an `_fbc` cookie, the player's own fbc (from the address's fbclid) stays.
  return Object.fromEntries(Object.entries(ids).filter(([, id]) => id));
}
