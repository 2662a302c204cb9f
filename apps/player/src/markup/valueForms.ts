import type { NumberSettings, RatingScale } from '@quizbeam/contracts/questionSettings';
import type { PublishedQuestion } from '../playerData';
import { formatNumber, text } from '../visitorText';
import { escapeHtml } from './escapeHtml';
import { ANSWER_ERROR_ID, HEADING_ID, VALUE_ID, VALUE_SHOWN_ID } from './pageIds';

const UNIT_ID = 'qb-unit';

// The page carries both (publishedQuizView); these stand in only for a page written before they existed.
const RATING_FALLBACK: RatingScale = { kind: 'stars', lowLabel: '', highLabel: '' };
const NUMBER_FALLBACK: NumberSettings = { min: 0, max: 100, step: 1, unit: '', display: 'field' };

export const ratingOf = (question: PublishedQuestion): RatingScale => question.rating ?? RATING_FALLBACK;
export const numberOf = (question: PublishedQuestion): NumberSettings => question.number ?? NUMBER_FALLBACK;

/** A value as the visitor reads it: the number with the question's unit. */
export const valueText = (value: number, unit: string): string =>
  `${formatNumber(value)}${unit.trim() ? ` ${unit.trim()}` : ''}`;

/** Sums of decimal steps drift (0.1 × 3); twelve significant digits are more than any setting has. */
export const tidyNumber = (value: number): number => Number(value.toPrecision(12));

const endsHtml = (low: string, high: string): string =>
  low.trim() || high.trim()
    ? `<div class="qb-ends" aria-hidden="true"><span>${escapeHtml(low)}</span><span>${escapeHtml(high)}</span></div>`
    : '';

/**
 * A rating as a group of native radio buttons (arrow keys move the choice, so choosing never moves on: Next
 * does): five stars named "3 of 5", or the numbers 0 to 10; the end labels shown at both ends and read with
 * the end values.
 */
export function ratingHtml(question: PublishedQuestion, chosen: number | null): string {
  const { kind, lowLabel, highLabel } = ratingOf(question);
  const stars = kind === 'stars';
  const values = stars ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const picks = values
    .map((value, index) => {
      const end = (index === 0 ? lowLabel : index === values.length - 1 ? highLabel : '').trim();
      const name = `${stars ? text('starOf', { value }) : formatNumber(value)}${end ? `, ${end}` : ''}`;
      return (
        `<label class="qb-pick"><input class="qb-sr" type="radio" name="value" value="${value}"` +
        `${value === chosen ? ' checked' : ''}><span aria-hidden="true">${stars ? '' : formatNumber(value)}</span>` +
        `<span class="qb-sr">${escapeHtml(name)}</span></label>`
      );
    })
    .join('');
  return (
    `<fieldset class="qb-group${stars ? ' qb-fit' : ''}" aria-labelledby="${HEADING_ID}" aria-describedby="${ANSWER_ERROR_ID}">` +
    `<div class="qb-scale${stars ? ' qb-stars' : ''}">${picks}</div>${endsHtml(lowLabel, highLabel)}</fieldset>`
  );
}

/** Where a slider starts before the visitor moves it: the step nearest the middle. */
export const sliderStart = ({ min, max, step }: NumberSettings): number =>
  tidyNumber(min + Math.round((max - min) / 2 / step) * step);

/**
 * A number: a native slider (its value and unit shown, and read as aria-valuetext) or a number field with
 * the unit beside it.
 */
export function numberHtml(question: PublishedQuestion, given: number | null): string {
  const settings = numberOf(question);
  const { min, max, step, unit } = settings;
  const bounds = `min="${min}" max="${max}" step="${step}"`;
  if (settings.display === 'slider') {
    const shown = escapeHtml(valueText(given ?? sliderStart(settings), unit));
    return (
      `<div class="qb-slider"><output id="${VALUE_SHOWN_ID}" for="${VALUE_ID}" class="qb-value" aria-hidden="true">${shown}</output>` +
      `<input id="${VALUE_ID}" class="qb-range" type="range" name="value" ${bounds} value="${given ?? sliderStart(settings)}" ` +
      `aria-labelledby="${HEADING_ID}" aria-valuetext="${shown}" aria-describedby="${ANSWER_ERROR_ID}">` +
      `${endsHtml(valueText(min, unit), valueText(max, unit))}</div>`
    );
  }
  const unitHtml = unit.trim() ? `<span id="${UNIT_ID}">${escapeHtml(unit.trim())}</span>` : '';
  return (
    `<div class="qb-field qb-inline"><input id="${VALUE_ID}" type="number" name="value" ${bounds} value="${given ?? ''}" ` +
    `aria-labelledby="${HEADING_ID}${unitHtml ? ` ${UNIT_ID}` : ''}" aria-describedby="${ANSWER_ERROR_ID}">${unitHtml}</div>`
  );
}
