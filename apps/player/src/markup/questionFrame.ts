import { hasImageAnswers } from '@quizbeam/quiz-engine/questionTypes';
import type { PublishedQuestion } from '../playerData';
import { type Progress, progressPercent } from '../progress';
import { text } from '../visitorText';
import { answerContentHtml } from './answerContent';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';
import { progressBarHtml } from './progressBar';
import { CONTENT_IMAGE_SIZES, responsiveImg } from './responsiveImage';

export interface QuestionPlace {
  question: PublishedQuestion;
  progress: Progress;
  canGoBack: boolean;
}

/** Single choice: one click answers and moves on, so its answers are buttons rather than a form. */
export const isSingleChoice = ({ type }: PublishedQuestion): boolean =>
  type === 'single_list' || type === 'image_single_list';

/** The answers of a single choice as buttons. */
export function answerButtonsHtml(question: PublishedQuestion): string {
  const withImages = hasImageAnswers(question.type);
  const buttons = question.answers
    .map(
      (answer, index) =>
        `<button type="button" class="qb-btn qb-answer" data-answer="${answer.id}">${answerContentHtml(answer, withImages, index + 1)}</button>`,
    )
    .join('');
  return `<div class="qb-answers${withImages ? ' qb-answers--images' : ''}" role="group" aria-labelledby="${HEADING_ID}">${buttons}</div>`;
}

/** A question's screen around its answers (`bodyHtml`): the progress bar, picture, heading and Back. */
export function questionFrameHtml(
  { question, progress, canGoBack }: QuestionPlace,
  bodyHtml: string,
): string {
  const image = question.imageUrl
    ? responsiveImg(
        { url: question.imageUrl, variants: question.imageVariants },
        { className: 'qb-image', alt: '', sizes: CONTENT_IMAGE_SIZES },
      )
    : '';
  const back = canGoBack
    ? `<button type="button" class="qb-link" data-action="back">${escapeHtml(text('back'))}</button>`
    : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    progressBarHtml(progressPercent(progress)) +
    image +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(question.text)}</h1>` +
    (question.descriptionHtml ? `<div class="qb-text qb-rich">${question.descriptionHtml}</div>` : '') +
    bodyHtml +
    back +
    '</section>'
  );
}
