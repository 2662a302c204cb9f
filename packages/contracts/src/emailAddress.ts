/*
 * The one email address rule, shared by the server, the builder and the visitor's page (no dependencies,
 * so the player's bundle can carry it): WHATWG's "valid email address", whose domain may be written in any
 * script (converted to ASCII with the URL parser's domainToASCII), plus the length limits of RFC 5321
 * (local part 64, whole address 254 octets) and at least one dot in the domain (mail to a bare host name
 * never reaches anyone's list).
 */

const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const MAX_LOCAL_PART = 64;
const MAX_ADDRESS = 254;

/** The domain in ASCII (IDN as punycode), or null when the URL parser refuses it. */
function asciiDomain(domain: string): string | null {
  if (domain === '' || /[\s/\\?#@:[\]%]/.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/** The address as we store it (trimmed, domain in ASCII lower case), or null when it is not valid. */
export function normalizeEmailAddress(text: string): string | null {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const local = trimmed.slice(0, at);
  const domain = asciiDomain(trimmed.slice(at + 1));
  if (domain === null || local.length > MAX_LOCAL_PART || !LOCAL_PART.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  const address = `${local}@${domain}`;
  return address.length <= MAX_ADDRESS ? address : null;
}

export const isValidEmailAddress = (text: string): boolean => normalizeEmailAddress(text) !== null;

export const INVALID_EMAIL_TEXT = 'Please enter a valid email address.';
