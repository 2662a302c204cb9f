import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreen } from '../markup/firstScreen';
import type { PlayerData } from '../playerData';
import { publishedQuizView } from '../publishedQuizView';
import { ENGLISH_PAGE } from '../testing/englishTexts';
import { END, everyTypeQuiz, goTo } from '../testing/everyTypeQuiz';
import { answerForms } from './answerForms';
import { runQuiz } from './quizRunner';
import { RESPONSE_ERRORS } from './readResponse';
import { frameHistory } from './stepHistory';

const { quiz: everyType, q, a } = everyTypeQuiz();
const A = (question: number, answer: number) => a[question]?.[answer] ?? 0;

const RESULT: VisitorResult = {
  outcomeId: null,
  score: 12,
  maxScore: 15,
  percent: 80,
  categories: [
    { id: 1, name: 'Strategy <&>', score: 8, maxScore: 10, percent: 80 },
    { id: 2, name: 'Reach', score: 1, maxScore: 5, percent: 20 },
  ],
  showCategoryBars: true,
  descriptionIndex: 0,
  outcome: { type: 'text', title: 'Done', descriptionHtml: '', imageUrl: null, shareable: false, cta: null },
};

let root: HTMLElement;
let tracked: VisitorEvent[];
let completed: Answered[][];

function open(quiz: Quiz = everyType) {
  const shown: Quiz = {
    ...quiz,
    startPage: { enabled: false },
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: false },
  };
  const view = publishedQuizView(shown, 0);
  const data: PlayerData = {
    mode: 'published',
    snapshotId: 'snapshot',
    ...ENGLISH_PAGE,
    pageUrl: location.href,
    quiz: view,
  };
  root = document.createElement('main');
  const status = document.createElement('p');
  const screen = document.createElement('div');
  screen.innerHTML = firstScreen(view).html;
  root.append(status, screen);
  document.body.append(root);
  tracked = [];
  completed = [];
  runQuiz(
    data,
    { root, screen, status },
    {
      visitor: {
        track: (event) => tracked.push(event),
        complete: async (answers) => {
          completed.push(answers);
          return RESULT;
        },
        submitLead: async () => RESULT,
      },
      history: frameHistory(),
      navigate() {},
      onOptIn() {},
      onComplete() {},
      afterRender() {},
      forms: answerForms,
    },
  );
}

afterEach(() => root.remove());

const heading = () => root.querySelector('h1')?.textContent;
const error = () => {
  const slot = root.querySelector<HTMLElement>('#qb-answer-error');
  return slot?.hidden ? '' : slot?.textContent;
};
const next = () => root.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click();
const input = (selector: string) => {
  const found = root.querySelector<HTMLInputElement>(selector);
  if (!found) throw new Error(`No ${selector} on the screen`);
  return found;
};
const tick = (answerId: number) => input(`input[value="${answerId}"]`).click();
const pick = (value: number) => input(`input[name="value"][value="${value}"]`).click();
const typeInto = (selector: string, text: string) => {
  const field = input(selector);
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};
const press = (element: Element | null, key: string) =>
  element?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
const answers = () => tracked.filter((event) => event.type === 'answer');

describe('answering every question type', () => {
  it('checks each response, says what is wrong, and sends every answer in its own shape', async () => {
    open();
    expect(heading()).toBe('Which channels do you use?');
    next();
    expect(error()).toBe('Choose at least 2.');
    expect(document.activeElement).toBe(input(`input[value="${A(0, 0)}"]`));
    tick(A(0, 1));
    tick(A(0, 0));
    tick(A(0, 2));
    // A fourth tick is undone and the limit said, without moving the focus.
    tick(A(0, 3));
    expect(input(`input[value="${A(0, 3)}"]`).checked).toBe(false);
    expect(error()).toBe('Choose up to 3.');
    tick(A(0, 2));
    expect(error()).toBe('');
    next();
    expect(heading()).toBe('Pick your favourites');

    tick(A(1, 1));
    next();
    next();
    expect(error()).toBe(RESPONSE_ERRORS.rate());
    pick(4);
    next();
    pick(9);
    next();

    expect(heading()).toBe('How big is your team?');
    const slider = input('input[type="range"]');
    typeInto('input[type="range"]', '85');
    expect(slider.getAttribute('aria-valuetext')).toBe('85 people');
    expect(root.querySelector('output')?.textContent).toBe('85 people');
    next();

    for (const [typed, message] of [
      ['', 'Please enter a number.'],
      ['0', 'Please enter a number from 1 to 10.'],
      ['2.5', 'Please enter a number in steps of 1, such as 2 or 3.'],
    ]) {
      input('input[type="number"]').value = typed ?? '';
      next();
      expect(error()).toBe(message);
      expect(input('input[type="number"]').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(input('input[type="number"]'));
    }
    input('input[type="number"]').value = '7';
    next();

    // The long list, by keyboard alone: type to narrow it, Down into the list, Enter for Next.
    expect(heading()).toBe('Where are you based?');
    typeInto('input[type="search"]', 'CO');
    const list = root.querySelector('select');
    expect([...(list?.options ?? [])].map((option) => option.text)).toEqual(['Côte d’Ivoire', 'Costa Rica']);
    expect(root.querySelector('#qb-matches')?.textContent).toBe('2 answers match.');
    press(input('input[type="search"]'), 'ArrowDown');
    expect(document.activeElement).toBe(list);
    expect(list?.value).toBe(String(A(6, 2)));
    press(list, 'Enter');

    expect(heading()).toBe('Anything else?');
    next();
    expect(heading()).toBe('What is your role?');
    next();
    expect(error()).toBe(RESPONSE_ERRORS.text());
    input('input[name="text"]').value = '  Head of growth ';
    next();

    const expected: Answered[] = [
      { questionId: q[0] ?? 0, answerIds: [A(0, 0), A(0, 1)] },
      { questionId: q[1] ?? 0, answerIds: [A(1, 1)] },
      { questionId: q[2] ?? 0, value: 4 },
      { questionId: q[3] ?? 0, value: 9 },
      { questionId: q[4] ?? 0, value: 85 },
      { questionId: q[5] ?? 0, value: 7 },
      { questionId: q[6] ?? 0, answerId: A(6, 2) },
      { questionId: q[7] ?? 0, text: '' },
      { questionId: q[8] ?? 0, text: 'Head of growth' },
    ];
    expect(completed).toEqual([expected]);
    expect(answers()).toEqual(expected.map((response) => ({ type: 'answer', ...response })));

    // The outcome screen shows a bar per category, named in words.
    await new Promise((resolve) => setTimeout(resolve));
    const bars = [...root.querySelectorAll('.qb-cats li')];
    expect(bars.map((bar) => bar.textContent)).toEqual(['Strategy <&>: 80%', 'Reach: 20%']);
    expect(bars[0]?.querySelector<HTMLElement>('.qb-bar span')?.style.width).toBe('80%');
    expect(bars[0]?.querySelector('.qb-bar')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows each response again when the visitor goes Back', () => {
    open();
    tick(A(0, 0));
    tick(A(0, 3));
    next();
    next();
    expect(error()).toBe(RESPONSE_ERRORS.choose());
    tick(A(1, 0));
    next();
    pick(2);
    next();
    pick(0);
    next();
    typeInto('input[type="range"]', '15');
    next();
    expect(heading()).toBe('How many tools do you use?');

    const back = () => root.querySelector<HTMLElement>('[data-action="back"]')?.click();
    back();
    expect(input('input[type="range"]').value).toBe('15');
    expect(root.querySelector('output')?.textContent).toBe('15 people');
    back();
    expect(input('input[name="value"]:checked').value).toBe('0');
    back();
    expect(input('input[name="value"]:checked').value).toBe('2');
    back();
    back();
    const ticked = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')];
    expect(ticked.map((box) => Number(box.value))).toEqual([A(0, 0), A(0, 3)]);
    // Answered again, differently: the new answers are sent.
    tick(A(0, 3));
    tick(A(0, 1));
    next();
    expect(answers().at(-1)).toEqual({ type: 'answer', questionId: q[0], answerIds: [A(0, 0), A(0, 1)] });
    expect(heading()).toBe('Pick your favourites');
    expect(root.querySelectorAll('input[type="checkbox"]:checked')).toHaveLength(1);
  });

  it('goes where the first chosen answer with a rule of its own, or the range holding the value, leads', () => {
    const branching: Quiz = {
      ...everyType,
      questions: everyType.questions.map((question, index) => {
        if (index === 0) {
          const answers = question.answers.map((answer, at) =>
            at === 1 ? { ...answer, next: goTo(q[4] ?? 0) } : answer,
          );
          return { ...question, answers };
        }
        if (index !== 4) return question;
        return {
          ...question,
          ranges: question.ranges?.map((range, at) => (at === 1 ? { ...range, next: END } : range)),
        };
      }),
    };
    open(branching);
    tick(A(0, 0));
    tick(A(0, 1));
    next();
    expect(heading()).toBe('How big is your team?');
    typeInto('input[type="range"]', '60');
    next();
    expect(completed).toEqual([
      [
        { questionId: q[0], answerIds: [A(0, 0), A(0, 1)] },
        { questionId: q[4], value: 60 },
      ],
    ]);
  });
});
