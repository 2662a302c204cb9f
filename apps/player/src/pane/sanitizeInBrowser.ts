import { safeLinkUrl } from '../markup/safeUrl';

/*
 * The server sanitizes descriptions with sanitize-html before a page carries them; the live preview pane gets
 * the quiz as the editor holds it, so it applies the same allow-list itself, with the browser's own parser:
 * the same tags (p, br, b, strong, i, em, u, a, ul, ol, li), links only to http(s) and mailto opening in a new
 * tab, every other attribute dropped. Other tags go but their text stays, except where the text is not
 * meant to be read (scripts, styles and the like), which goes with them.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li']);
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'title',
  'svg',
  'math',
]);
const BLOCK_TAG = /<(p|ul|ol|li|br)\b/i;

function copyAllowed(from: Node, into: Node, document: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.localName;
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      copyAllowed(element, into, document);
      continue;
    }
    const clean = document.createElement(tag);
    if (tag === 'a') {
      const href = safeLinkUrl(element.getAttribute('href') ?? '');
      if (href) clean.setAttribute('href', href);
      clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', 'noopener noreferrer');
    }
    copyAllowed(element, clean, document);
    into.appendChild(clean);
  }
}

/**
 * A description as safe HTML, by the rules of the server's sanitizeDescription: the allowed formatting only,
 * and line breaks as <br> when it has no block formatting of its own. Parsed in an inert document, so nothing
 * in it loads or runs while it is read.
 */
export function sanitizeDescriptionInBrowser(description: string): string {
  const inert = new DOMParser().parseFromString('<!doctype html><body></body>', 'text/html');
  const source = inert.createElement('template');
  source.innerHTML = description;
  const output = inert.createElement('div');
  copyAllowed(source.content, output, inert);
  const clean = output.innerHTML.trim();
  return BLOCK_TAG.test(clean) ? clean : clean.replace(/\r?\n/g, '<br>');
}
