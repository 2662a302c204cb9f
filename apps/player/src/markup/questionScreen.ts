import type { PublishedAnswer, PublishedQuestion } from '../playerData';
import { type Progress, progressPercent } from '../progress';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';
import { progressBarHtml } from './progressBar';
import { ANSWER_IMAGE_SIZES, CONTENT_IMAGE_SIZES, responsiveImg } from './responsiveImage';

export interface QuestionScreen {
  question: PublishedQuestion;
  progress: Progress;
  canGoBack: boolean;
}

function answerButton(answer: PublishedAnswer, withImage: boolean, position: number): string {
  const open = `<button type="button" class="qb-btn qb-answer" data-answer="${answer.id}">`;
  if (!withImage || !answer.imageUrl) return `${open}${escapeHtml(answer.text)}</button>`;
  const caption = answer.imageCaption.trim() || answer.text.trim();
  // Without a caption the image itself must name the button.
  const alt = caption ? '' : `Answer ${position}`;
  const label = caption ? `<span>${escapeHtml(caption)}</span>` : '';
  const picture = responsiveImg(
    { url: answer.imageUrl, variants: answer.imageVariants },
    { alt, sizes: ANSWER_IMAGE_SIZES, lazy: true },
  );
  return `${open}${picture}${label}</button>`;
}

/** A question with its answers as buttons, a progress bar and, after the first question, Back. */
export function questionScreenHtml({ question, progress, canGoBack }: QuestionScreen): string {
  const withImages = question.type === 'image_single_list';
  const image = question.imageUrl
    ? responsiveImg(
        { url: question.imageUrl, variants: question.imageVariants },
        { className: 'qb-image', alt: '', sizes: CONTENT_IMAGE_SIZES },
      )
    : '';
  const answers = question.answers
    .map((answer, index) => answerButton(answer, withImages, index + 1))
    .join('');
  const back = canGoBack ? '<button type="button" class="qb-link" data-action="back">Back</button>' : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    progressBarHtml(progressPercent(progress)) +
    image +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(question.text)}</h1>` +
    `<div class="qb-answers${withImages ? ' qb-answers--images' : ''}" role="group" aria-labelledby="${HEADING_ID}">` +
    answers +
    '</div>' +
    back +
    '</section>'
  );
}
