import type { PublishedQuizView } from '../playerData';
import { text } from '../visitorText';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';

/*
 * New quizzes store the English button text, so that text (or none) is Quizbeam's and shows in the quiz's
 * language; anything else the marketer wrote shows as written.
 */
const ENGLISH_DEFAULT_CTA = 'Start';
const buttonText = (cta: string): string =>
  cta.trim() && cta.trim() !== ENGLISH_DEFAULT_CTA ? cta.trim() : text('start');

/** The start page: title, description and the button that shows the first question. */
export function startScreenHtml(quiz: Pick<PublishedQuizView, 'title' | 'description' | 'cta'>): string {
  // Sanitized on the server (bold, italic, links, lists, line breaks).
  const description = quiz.description.trim() ? `<div class="qb-text qb-rich">${quiz.description}</div>` : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(quiz.title)}</h1>` +
    description +
    `<button type="button" class="qb-btn" data-action="start">${escapeHtml(buttonText(quiz.cta))}</button>` +
    '</section>'
  );
}
