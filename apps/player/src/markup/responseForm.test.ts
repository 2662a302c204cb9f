import { MAX_TEXT_ANSWER_LENGTH } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import type { PublishedQuestion } from '../playerData';
import { publishedQuizView } from '../publishedQuizView';
import { everyTypeQuiz } from '../testing/everyTypeQuiz';
import { questionScreenHtml } from './questionScreen';

const { quiz, a } = everyTypeQuiz();
const questions = publishedQuizView(quiz, 0).questions;
const questionAt = (index: number): PublishedQuestion => {
  const question = questions[index];
  if (!question) throw new Error(`no question ${index}`);
  return question;
};

const render = (
  question: PublishedQuestion,
  response?: Parameters<typeof questionScreenHtml>[0]['response'],
) => {
  const container = document.createElement('div');
  container.innerHTML = questionScreenHtml({
    question,
    progress: { step: 1, total: 9 },
    canGoBack: false,
    response,
  });
  document.body.replaceChildren(container);
  return container;
};
/** A control's name from its label, as assistive technology reads it: hidden parts left out, images by alt. */
const nameOf = (element: Element | null) => {
  const label = element?.closest('label')?.cloneNode(true);
  if (!(label instanceof HTMLElement)) return '';
  for (const hidden of label.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  for (const image of label.querySelectorAll('img')) image.replaceWith(image.alt);
  return (label.textContent ?? '').replace(/\s+/g, ' ').trim();
};
const describedBy = (element: Element | null, id: string) =>
  (element?.getAttribute('aria-describedby') ?? '').split(' ').includes(id);

describe('the answer forms of the question types beyond single choice', () => {
  it('asks several answers as a checkbox group named by the question and how many to choose', () => {
    const screen = render(questionAt(0), { questionId: questionAt(0).id, answerIds: [a[0]?.[1] ?? 0] });
    const group = screen.querySelector('fieldset');
    expect(group?.querySelector('legend')?.textContent).toBe('Choose 2 to 3.');
    const labelledBy = group?.getAttribute('aria-labelledby')?.split(' ') ?? [];
    expect(labelledBy.map((id) => screen.querySelector(`#${id}`)?.textContent)).toEqual([
      'Which channels do you use?',
      'Choose 2 to 3.',
    ]);
    expect(describedBy(group, 'qb-answer-error')).toBe(true);
    const boxes = [...screen.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map(nameOf)).toEqual(['Email', 'Social', 'Ads', 'Print']);
    // The earlier response is ticked again.
    expect(boxes.map((box) => box.checked)).toEqual([false, true, false, false]);
    expect(screen.querySelector('form [type="submit"]')?.textContent).toBe('Next');
    expect(screen.querySelector('[data-answer]')).toBeNull();
  });

  it('names picture answers by their caption or their position', () => {
    const screen = render(questionAt(1));
    const boxes = [...screen.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => box.closest('label')?.querySelector('img')?.getAttribute('alt'))).toEqual([
      '',
      '',
    ]);
    expect(boxes.map(nameOf)).toEqual(['By the sea', 'Hills']);
    expect(screen.querySelector('legend')?.textContent).toBe('Choose all that apply.');
  });

  it('shows a star rating as radio buttons named "3 of 5", the end labels read with the end values', () => {
    const screen = render(questionAt(2), { questionId: questionAt(2).id, value: 4 });
    const radios = [...screen.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.name)).toEqual(Array(5).fill('value'));
    expect(radios.map(nameOf)).toEqual(['1 of 5, Poor', '2 of 5', '3 of 5', '4 of 5', '5 of 5, Great']);
    expect(radios.find((radio) => radio.checked)?.value).toBe('4');
    expect(screen.querySelector('fieldset')?.getAttribute('aria-labelledby')).toBe('qb-heading');
    expect(screen.querySelector('.qb-ends')?.textContent).toBe('PoorGreat');
    expect(screen.querySelector('.qb-ends')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a 0 to 10 scale as eleven numbered radio buttons', () => {
    const screen = render(questionAt(3));
    const radios = [...screen.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(nameOf(radios[0] ?? null)).toBe('0, Not likely');
    expect(nameOf(radios[5] ?? null)).toBe('5');
    expect(radios.some((radio) => radio.checked)).toBe(false);
  });

  it('shows a number as a native slider whose spoken value carries the unit', () => {
    const screen = render(questionAt(4));
    const slider = screen.querySelector<HTMLInputElement>('input[type="range"]');
    expect([slider?.min, slider?.max, slider?.step, slider?.value]).toEqual(['0', '100', '5', '50']);
    expect(slider?.getAttribute('aria-valuetext')).toBe('50 people');
    expect(slider?.getAttribute('aria-labelledby')).toBe('qb-heading');
    expect(screen.querySelector('output')?.textContent).toBe('50 people');
    expect(screen.querySelector('.qb-ends')?.textContent).toBe('0 people100 people');
    // Back on the screen, it shows the value given.
    const again = render(questionAt(4), { questionId: questionAt(4).id, value: 85 });
    expect(again.querySelector<HTMLInputElement>('input[type="range"]')?.value).toBe('85');
    expect(again.querySelector('output')?.textContent).toBe('85 people');
  });

  it('shows a number as a number field with its bounds and step', () => {
    const screen = render(questionAt(5));
    const field = screen.querySelector<HTMLInputElement>('input[type="number"]');
    expect([field?.min, field?.max, field?.step, field?.value]).toEqual(['1', '10', '1', '']);
    expect(field?.getAttribute('aria-labelledby')).toBe('qb-heading');
    expect(describedBy(field, 'qb-answer-error')).toBe(true);
  });

  it('shows a long list as a labelled search box over a list box of every answer', () => {
    const question = questionAt(6);
    const chosen = question.answers[2]?.id ?? 0;
    const screen = render(question, { questionId: question.id, answerId: chosen });
    const search = screen.querySelector<HTMLInputElement>('input[type="search"]');
    expect(screen.querySelector(`label[for="${search?.id}"]`)?.textContent).toBe('Search the answers');
    const list = screen.querySelector('select');
    expect(search?.getAttribute('aria-controls')).toBe(list?.id);
    expect(list?.getAttribute('aria-labelledby')).toBe('qb-heading');
    expect(Number(list?.getAttribute('size'))).toBeGreaterThan(1);
    expect([...(list?.options ?? [])].map((option) => option.text)).toEqual([
      'Austria',
      'Belgium',
      'Côte d’Ivoire',
      'Costa Rica',
      'Croatia',
      'Denmark',
      'Estonia',
    ]);
    expect(list?.value).toBe(String(chosen));
  });

  it('asks for text in a text area or a line, as long as the server takes, saying when it is optional', () => {
    const long = render(questionAt(7), { questionId: questionAt(7).id, text: 'Hello <there>' });
    const area = long.querySelector('textarea');
    expect(area?.value).toBe('Hello <there>');
    expect(area?.maxLength).toBe(MAX_TEXT_ANSWER_LENGTH);
    expect(area?.required).toBe(false);
    expect(long.querySelector(`#${area?.getAttribute('aria-describedby')?.split(' ')[0]}`)?.textContent).toBe(
      'Optional',
    );
    const line = render(questionAt(8)).querySelector<HTMLInputElement>('input[name="text"]');
    expect(line?.type).toBe('text');
    expect(line?.required).toBe(true);
    expect(line?.getAttribute('aria-labelledby')).toBe('qb-heading');
  });

  it('escapes every text the marketer wrote', () => {
    const attack = '<img src=x onerror="alert(1)">';
    const hostile: PublishedQuestion = {
      ...questionAt(0),
      answers: questionAt(0).answers.map((answer) => ({ ...answer, text: attack })),
    };
    const rating: PublishedQuestion = {
      ...questionAt(2),
      rating: { kind: 'stars', lowLabel: attack, highLabel: '"' },
    };
    const number: PublishedQuestion = {
      ...questionAt(4),
      number: { min: 0, max: 10, step: 1, unit: attack, display: 'slider' },
    };
    const list: PublishedQuestion = {
      ...questionAt(6),
      answers: questionAt(6).answers.map((answer) => ({ ...answer, text: attack })),
    };
    for (const question of [hostile, rating, number, list]) {
      const screen = render(question);
      expect(screen.querySelector('img')).toBeNull();
      expect(screen.innerHTML).not.toContain('<img');
    }
    const text = render(questionAt(8), { questionId: questionAt(8).id, text: `"${attack}` });
    expect(text.querySelector<HTMLInputElement>('input[name="text"]')?.value).toBe(`"${attack}`);
  });
});
