import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { ImageVariant } from '@quizbeam/contracts/quiz';
import { text } from '../visitorText';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';
import { CONTENT_IMAGE_SIZES, responsiveImg } from './responsiveImage';
import { shareLinks } from './shareLinks';

export interface OutcomeView {
  title: string;
  /** Already sanitized by the server (a small allow-list of formatting tags). */
  descriptionHtml: string;
  imageUrl: string | null;
  /** The image's resized copies, for its `srcset`. */
  imageVariants?: ImageVariant[] | undefined;
  share: { pageUrl: string; text: string } | null;
  cta: { text: string; url: string } | null;
  /** A bar per category, in the quiz's order (none when the quiz does not show them). */
  categories: Pick<CategoryScore, 'name' | 'percent'>[];
}

/**
 * Each category's percentage in words ("Strategy: 80%") over a bar in the button colour; the bar only
 * repeats the words, so assistive technology skips it.
 */
function categoryBarsHtml(categories: OutcomeView['categories']): string {
  if (categories.length === 0) return '';
  const items = categories.map(({ name, percent }) => {
    const width = Math.min(100, Math.max(0, Math.round(percent)));
    return (
      `<li>${escapeHtml(name)}: ${width}%` +
      `<div class="qb-bar" aria-hidden="true"><span style="width:${width}%"></span></div></li>`
    );
  });
  return `<ul class="qb-cats" aria-label="${escapeHtml(text('categoryScores'))}">${items.join('')}</ul>`;
}

/** The result: image, title, description, category bars, share links and the call-to-action button. */
export function outcomeScreenHtml(view: OutcomeView): string {
  const image = view.imageUrl
    ? responsiveImg(
        { url: view.imageUrl, variants: view.imageVariants },
        { className: 'qb-image', alt: '', sizes: CONTENT_IMAGE_SIZES },
      )
    : '';
  const description = view.descriptionHtml.trim()
    ? `<div class="qb-text qb-rich">${view.descriptionHtml}</div>`
    : '';
  // The links go together: on a narrow screen they move below the words as one row, never one by one.
  const share = view.share
    ? `<p class="qb-share">${escapeHtml(text('shareResult'))} <span class="qb-share-links">` +
      shareLinks(view.share.pageUrl, view.share.text)
        .map(
          (link) =>
            `<a href="${escapeHtml(link.href)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(text('shareOn', { network: link.network }))}">${link.network}</a>`,
        )
        .join(' ') +
      '</span></p>'
    : '';
  const cta = view.cta
    ? `<a class="qb-btn qb-cta" href="${escapeHtml(view.cta.url)}" target="_top">${escapeHtml(view.cta.text)}</a>`
    : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    image +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(view.title)}</h1>` +
    description +
    categoryBarsHtml(view.categories) +
    share +
    cta +
    '</section>'
  );
}
