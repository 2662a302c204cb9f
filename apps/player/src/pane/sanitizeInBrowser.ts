import DOMPurify from 'dompurify';
import { safeLinkUrl } from '../markup/safeUrl';

/*
 * The server sanitizes descriptions with sanitize-html before a page carries them; the live preview pane gets
 * the quiz as the editor holds it, so it applies the same allow-list itself with DOMPurify: the same tags, links
 * only to http(s) and mailto opening in a new tab, every other attribute dropped, the text of other tags kept
 * (but not of scripts, styles and the like).
 */

const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li'];
const BLOCK_TAG = /<(p|ul|ol|li|br)\b/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function linksAsTheServerWritesThem(purify: ReturnType<typeof DOMPurify>) {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = safeLinkUrl(node.getAttribute('href') ?? '');
    if (href) node.setAttribute('href', href);
    else node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purify;
}

/**
 * A description as safe HTML, by the rules of the server's sanitizeDescription: the allowed formatting only,
 * and line breaks as <br> when it has no block formatting of its own.
 */
export function sanitizeDescriptionInBrowser(description: string): string {
  purifier ??= linksAsTheServerWritesThem(DOMPurify(window));
  const clean = purifier
    .sanitize(description, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], KEEP_CONTENT: true })
    .trim();
  return BLOCK_TAG.test(clean) ? clean : clean.replace(/\r?\n/g, '<br>');
}
