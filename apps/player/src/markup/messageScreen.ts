import { escapeText } from './escapeText';
import { HEADING_ID } from './pageIds';

export type MessageAction = { label: string; action: string } | { label: string; href: string };

/** A short message with an optional button or link: errors with Retry, the redirect notice. */
export function messageScreenHtml(title: string, text: string, action: MessageAction | null): string {
  let button = '';
  if (action && 'href' in action) {
    button = `<a class="qb-btn" href="${escapeText(action.href)}" target="_top">${escapeText(action.label)}</a>`;
  } else if (action) {
    button = `<button type="button" class="qb-btn" data-action="${escapeText(action.action)}">${escapeText(action.label)}</button>`;
  }
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeText(title)}</h1>` +
    (text ? `<p class="qb-text">${escapeText(text)}</p>` : '') +
    button +
    '</section>'
  );
}
