import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';

export type MessageAction = { label: string; action: string } | { label: string; href: string };

/** A short message with an optional button or link: errors with Retry, the redirect notice. */
export function messageScreenHtml(title: string, text: string, action: MessageAction | null): string {
  let button = '';
  if (action && 'href' in action) {
    button = `<a class="qb-btn" href="${escapeHtml(action.href)}" target="_top">${escapeHtml(action.label)}</a>`;
  } else if (action) {
    button = `<button type="button" class="qb-btn" data-action="${escapeHtml(action.action)}">${escapeHtml(action.label)}</button>`;
  }
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(title)}</h1>` +
    (text ? `<p class="qb-text">${escapeHtml(text)}</p>` : '') +
    button +
    '</section>'
  );
}
