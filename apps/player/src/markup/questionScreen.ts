import type { Answer, Question } from '@quizbeam/contracts/quiz';
import type { Progress } from '../progress';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';

export interface QuestionView {
  question: Question;
  progress: Progress;
  canGoBack: boolean;
}

function answerButton(answer: Answer, withImage: boolean, position: number): string {
  const open = `<button type="button" class="qb-btn qb-answer" data-answer="${answer.id}">`;
  if (!withImage || !answer.image) return `${open}${escapeHtml(answer.text)}</button>`;
  const caption = answer.imageCaption.trim() || answer.text.trim();
  // Without a caption the image itself must name the button.
  const alt = caption ? '' : `Answer ${position}`;
  const label = caption ? `<span>${escapeHtml(caption)}</span>` : '';
  return `${open}<img src="${escapeHtml(answer.image.url)}" alt="${alt}">${label}</button>`;
}

/** A question with its answers as buttons, a progress bar and, after the first question, Back. */
export function questionScreenHtml({ question, progress, canGoBack }: QuestionView): string {
  const withImages = question.type === 'image_single_list';
  const percent = Math.round((progress.step / Math.max(progress.total, 1)) * 100);
  const image = question.image ? `<img class="qb-image" src="${escapeHtml(question.image.url)}" alt="">` : '';
  const answers = question.answers
    .map((answer, index) => answerButton(answer, withImages, index + 1))
    .join('');
  const back = canGoBack ? '<button type="button" class="qb-link" data-action="back">Back</button>' : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    `<div class="qb-bar" aria-hidden="true"><span style="width:${percent}%"></span></div>` +
    image +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(question.text)}</h1>` +
    `<div class="qb-answers${withImages ? ' qb-answers--images' : ''}" role="group" aria-labelledby="${HEADING_ID}">` +
    answers +
    '</div>' +
    back +
    '</section>'
  );
}
