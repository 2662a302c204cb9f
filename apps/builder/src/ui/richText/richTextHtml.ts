// The published page treats a description without these tags as typed text whose line breaks count.
const BLOCK_TAG = /<(p|ul|ol|li|br)\b/i;

/**
 * A stored description as the editor reads it. Descriptions typed before the editor had formatting are text
 * (or inline HTML) with line breaks: a blank line starts a paragraph and a single break stays a line break,
 * so they look as they did. Anything with block formatting is already the editor's own HTML.
 */
export function editableHtml(value: string): string {
  if (value.trim() === '') return '';
  if (BLOCK_TAG.test(value)) return value;
  return value
    .trim()
    .split(/\r?\n[ \t]*(?:\r?\n[ \t]*)+/)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

export const LINK_ADDRESS_MESSAGE =
  'Enter a web address (https://…) or an email link (mailto:name@example.com).';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// A host name with a dot and no scheme, as marketers often paste it ("example.com/offer").
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]\S*)?$/i;

function parsedUrl(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * The address a link may point to, or null. Only web pages (http, https) and email (mailto) are taken: the
 * published page keeps no other link, and a script address must never reach a visitor. An address without a
 * scheme that is a host name gets https.
 */
export function linkAddress(typed: string): string | null {
  const address = typed.trim();
  if (address === '' || /\s/.test(address)) return null;
  const withScheme = SCHEME.test(address) ? address : BARE_HOST.test(address) ? `https://${address}` : null;
  const url = withScheme === null ? null : parsedUrl(withScheme);
  if (withScheme === null || url === null) return null;
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? withScheme : null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname.includes('.') || url.hostname === 'localhost' ? withScheme : null;
}
