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
 * An outcome description as safe HTML: simple formatting only (p, br, b, strong, i, em, u, ul, ol, li,
 * links to http(s) and mailto). Descriptions are typed in a plain text area, so when one has no block
 * formatting of its own its line breaks become <br>.
 */
export function sanitizeDescription(description: string): string {
  const clean = sanitizeHtml(description, OPTIONS).trim();
  return BLOCK_TAG.test(clean) ? clean : clean.replace(/\r?\n/g, '<br>');
}
