/*
 * The one rule for the web addresses a marketer types for visitors to follow (an outcome's redirect URL and
 * CTA link, privacy policy URLs), shared by the editor and the quiz engine's publish check (no dependencies).
 * Only http and https: an address typed without a scheme ("example.com/offer") means https, and any other
 * scheme (javascript:, data:, ftp:, mailto:…) is refused, because a visitor's browser would run it, drop it
 * or leave the visitor at a dead end.
 */

export const WEB_ADDRESS_SCHEME_TEXT = 'Use a web address starting with http:// or https://.';
export const INCOMPLETE_WEB_ADDRESS_TEXT = 'Enter a complete web address, such as https://example.com/offer.';
export const EMPTY_WEB_ADDRESS_TEXT = 'Enter a web address.';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** What follows "host:" when the colon starts a port ("example.com:8080/offer"), not a scheme. */
const PORT = /^\d+(?:[/?#]|$)/;
const HTTP_SCHEME = /^https?:\/\//i;

function withScheme(text: string): string {
  if (text.startsWith('//')) return `https:${text}`;
  const scheme = SCHEME.exec(text);
  return scheme && !PORT.test(text.slice(scheme[0].length)) ? text : `https://${text}`;
}

/** A host a visitor's browser can reach on the web: a dotted name, localhost or an IP address. */
function isWebHost(hostname: string): boolean {
  return hostname.includes('.') || hostname === 'localhost' || hostname.startsWith('[');
}

type Checked = { address: string } | { problem: string };

function check(text: string): Checked {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: EMPTY_WEB_ADDRESS_TEXT };
  const address = withScheme(trimmed);
  if (!HTTP_SCHEME.test(address)) return { problem: WEB_ADDRESS_SCHEME_TEXT };
  try {
    const url = new URL(address);
    return isWebHost(url.hostname) ? { address } : { problem: INCOMPLETE_WEB_ADDRESS_TEXT };
  } catch {
    return { problem: INCOMPLETE_WEB_ADDRESS_TEXT };
  }
}

/**
 * The address as it should be stored: trimmed, with https:// added when the scheme is missing; null when it
 * is empty, has another scheme than http or https, or is not a complete address.
 */
export function normalizeWebAddress(text: string): string | null {
  const checked = check(text);
  return 'address' in checked ? checked.address : null;
}

/** Why `text` is not a web address a visitor can follow, in plain words; null when it is one. */
export function webAddressProblem(text: string): string | null {
  const checked = check(text);
  return 'problem' in checked ? checked.problem : null;
}

/** Whether `text` is already a web address as stored: http(s) scheme written out and nothing to fix. */
export function isWebAddress(text: string): boolean {
  return HTTP_SCHEME.test(text.trim()) && normalizeWebAddress(text) !== null;
}
