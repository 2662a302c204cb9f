import sanitizeHtml from 'sanitize-html';

const BLOCK_TAG = /<(p|ul|ol|li|br)\b/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the quiz in a new tab: inside an embed, the iframe itself must not navigate away.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
};

/**
 * A description (the start page's, a question's or an outcome's) as safe HTML: simple formatting only (p, br, b, strong, i, em, u, ul, ol, li,
 * links to http(s) and mailto). Descriptions are typed in a plain text area, so when one has no block
 * formatting of its own its line breaks become <br>.
 */
export function sanitizeDescription(description: string): string {
  const clean = sanitizeHtml(description, OPTIONS).trim();
  return BLOCK_TAG.test(clean) ? clean : clean.replace(/\r?\n/g, '<br>');
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const ESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' } as const;

/**
 * A description as one line of plain text (for a page's meta description): its formatting taken out, block
 * ends as spaces. sanitize-html escapes only these four characters in text, so they are turned back.
 */
export function descriptionText(description: string): string {
  const spaced = description.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' ');
  return sanitizeHtml(spaced, TEXT_ONLY).replace(
    /&(amp|lt|gt|quot);/g,
    (entity) => ESCAPED[entity as keyof typeof ESCAPED],
  );
}
