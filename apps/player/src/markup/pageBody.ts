import type { Image } from '@quizbeam/contracts/quiz';
import { text } from '../visitorText';
import { escapeHtml } from './escapeHtml';
import { CONSENT_BAR_ID, PAGE_ID, ROOT_ID, SCREEN_ID, STATUS_ID } from './pageIds';
import { backgroundPicture } from './responsiveImage';
import { safeImage } from './safeUrl';

export const POWERED_BY_URL = 'https://quizbeam.app/';

export interface PageBodyParts {
  /** The marketer's background picture (`backgroundPicture`), first in <body>; '' for the theme's own art. */
  backgroundHtml: string;
  /** The aria-live status line's text (a question's progress). */
  status: string;
  /** The screen shown, already rendered by one of the screen markup functions. */
  screenHtml: string;
  showPoweredByBadge: boolean;
  /** First in the page, above the quiz: the consent bar of a quiz that asks before measuring (consentBarHtml). */
  consentBarHtml?: string;
}

/**
 * The visible part of a quiz page's <body>: the background, the card with its status line and screen, and
 * the badge. The published page and the editor's capture form preview both draw it, so they cannot differ.
 */
export function pageBodyHtml(parts: PageBodyParts): string {
  const badge = parts.showPoweredByBadge
    ? `<a class="qb-badge" href="${POWERED_BY_URL}" target="_blank" rel="noopener">${escapeHtml(text('poweredBy'))}</a>`
    : '';
  return `${parts.backgroundHtml}<div id="${PAGE_ID}" class="qb-page">
${parts.consentBarHtml ?? ''}<main id="${ROOT_ID}" class="qb qb-card">
<p id="${STATUS_ID}" class="qb-status" aria-live="polite">${escapeHtml(parts.status)}</p>
<div id="${SCREEN_ID}">${parts.screenHtml}</div>
</main>
${badge}
</div>`;
}

export interface PageBackground {
  /** The picture, first in <body>; '' for the theme's own art. */
  html: string;
  /** The class <body> takes over the picture ('' without one). */
  bodyClass: string;
}

/** The marketer's background picture as the page shows it; none for an image without a usable address. */
export function pageBackground(image: Image | null): PageBackground {
  const background = safeImage(image);
  return background
    ? { html: backgroundPicture(background), bodyClass: 'qb-has-bg' }
    : { html: '', bodyClass: '' };
}

/**
 * The consent bar of a quiz that asks before measuring visits, first in its page (above the quiz, first in
 * the reading and tabbing order, and inside the page so an embed's frame grows to hold it). It is a card of the
 * quiz's own with its buttons, in the theme's colours, whose contrast the themes' tests check. Hidden until
 * the tracking script shows it, when the visitor has not answered on this site before; each button's value
 * is the answer.
 */
export const consentBarHtml = (): string =>
  `<section id="${CONSENT_BAR_ID}" class="qb qb-card" style="margin:0 0 1rem" aria-label="${escapeHtml(text('cookieConsent'))}" hidden>` +
  `<p class="qb-text">${escapeHtml(text('cookieMessage'))}</p>` +
  `<button type="button" class="qb-btn" value="granted">${escapeHtml(text('accept'))}</button>` +
  `<button type="button" class="qb-btn" value="denied">${escapeHtml(text('decline'))}</button></section>\n`;
