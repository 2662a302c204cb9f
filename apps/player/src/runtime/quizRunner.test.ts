import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreen } from '../markup/firstScreen';
import type { PlayerData } from '../playerData';
import { publishedQuizView } from '../publishedQuizView';
import { ENGLISH_PAGE } from '../testing/englishTexts';
import { MemoryHistory } from '../testing/memoryHistory';
import { runQuiz } from './quizRunner';
import { frameHistory, type StepHistory } from './stepHistory';

/** Q1's first answer skips to Q3, its second goes on to Q2; Q3 ends the quiz; the capture form is on. */
const { quiz, q, a } = buildQuiz({
  questions: [{ answers: [{ to: 2 }, {}] }, { answers: [{}, {}] }, { answers: [{}, {}] }],
  outcomes: [{ from: 0, to: 10 }],
});
const [q1 = 0, q2 = 0, q3 = 0] = q;
const answerOf = (question: number, answer: number) => a[question]?.[answer] ?? 0;

const RESULT: VisitorResult = {
  outcomeId: null,
  score: 0,
  maxScore: 0,
  percent: 0,
  categories: [],
  showCategoryBars: false,
  descriptionIndex: 0,
  outcome: { type: 'text', title: 'Done', descriptionHtml: '', imageUrl: null, shareable: false, cta: null },
};

let root: HTMLElement;
let tracked: VisitorEvent[];
/** What the marketer's scripts saw: the screen's heading each time the opt-in or completion scripts ran. */
let scriptRuns: string[];

function open(
  options: { startPage?: boolean; capture?: boolean; history?: StepHistory; result?: VisitorResult } = {},
) {
  const shown: Quiz = {
    ...quiz,
    startPage: { enabled: options.startPage ?? true },
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: options.capture ?? true },
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
  scriptRuns = [];
  const heading = () => root.querySelector('h1')?.textContent ?? '';
  runQuiz(
    data,
    { root, screen, status },
    {
      visitor: {
        track: (event) => tracked.push(event),
        complete: async () => options.result ?? RESULT,
        submitLead: async () => options.result ?? RESULT,
      },
      history: options.history ?? new MemoryHistory(),
      navigate: (url) => scriptRuns.push(`navigate ${url}`),
      onOptIn: () => scriptRuns.push(`opt-in on “${heading()}”`),
      onComplete: () => scriptRuns.push(`complete on “${heading()}”`),
      afterRender() {},
      forms: null,
    },
  );
}

const click = (selector: string) => {
  const button = root.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`No ${selector} on the screen`);
  button.click();
};
const start = () => click('[data-action="start"]');
const choose = (answerId: number) => click(`[data-answer="${answerId}"]`);
/** The events tracked since the last call. */
const takeTracked = () => tracked.splice(0);
const shownEvent = (questionId: number): VisitorEvent => ({ type: 'shown', questionId });
const answerEvent = (questionId: number, answerId: number): VisitorEvent => ({
  type: 'answer',
  questionId,
  answerId,
});

beforeEach(() => history.replaceState(null, '', '/find-your-plan'));
afterEach(() => root.remove());

describe('what the quiz reports as the visitor goes', () => {
  it('the visit, the start, every question as it is shown, every answer and the capture form', () => {
    history.replaceState(
      null,
      '',
      '/find-your-plan?utm_source=newsletter&utm_campaign=spring%20sale&gclid=g1&other=not-kept',
    );
    open();
    // The quiz keeps the default URL fields: the utm_* parameters and the ad platforms' click ids.
    expect(takeTracked()).toEqual([
      {
        type: 'visit',
        utmSource: 'newsletter',
        utmCampaign: 'spring sale',
        urlFields: { utm_source: 'newsletter', utm_campaign: 'spring sale', gclid: 'g1' },
      },
    ]);
    start();
    expect(takeTracked()).toEqual([{ type: 'start' }, shownEvent(q1)]);
    choose(answerOf(0, 1));
    expect(takeTracked()).toEqual([answerEvent(q1, answerOf(0, 1)), shownEvent(q2)]);
    choose(answerOf(1, 0));
    expect(takeTracked()).toEqual([answerEvent(q2, answerOf(1, 0)), shownEvent(q3)]);
    choose(answerOf(2, 0));
    expect(takeTracked()).toEqual([answerEvent(q3, answerOf(2, 0)), { type: 'capture' }]);
    expect(root.querySelector('form')).not.toBeNull();
  });

  it('only the questions a branch shows', () => {
    open();
    start();
    choose(answerOf(0, 0));
    choose(answerOf(2, 1));
    expect(takeTracked()).toEqual([
      { type: 'visit' },
      { type: 'start' },
      shownEvent(q1),
      answerEvent(q1, answerOf(0, 0)),
      shownEvent(q3),
      answerEvent(q3, answerOf(2, 1)),
      { type: 'capture' },
    ]);
  });

  it('without a start page, the first question as shown when the page opens', () => {
    open({ startPage: false });
    expect(takeTracked()).toEqual([{ type: 'visit' }, { type: 'start' }, shownEvent(q1)]);
  });

  it('no capture form when the quiz has none', () => {
    open({ capture: false });
    start();
    choose(answerOf(0, 0));
    choose(answerOf(2, 0));
    expect(takeTracked().map((event) => event.type)).toEqual([
      'visit',
      'start',
      'shown',
      'answer',
      'shown',
      'answer',
    ]);
  });

  it('a question again each time Back or Forward shows it, and the capture form again when it returns', () => {
    const steps = new MemoryHistory();
    open({ history: steps });
    start();
    choose(answerOf(0, 1));
    takeTracked();

    steps.back();
    expect(takeTracked()).toEqual([shownEvent(q1)]);
    steps.forward();
    expect(takeTracked()).toEqual([shownEvent(q2)]);
    // The quiz's own Back button goes through the browser's history on the quiz's own page.
    click('[data-action="back"]');
    expect(takeTracked()).toEqual([shownEvent(q1)]);

    // Another answer on the way back takes the other branch.
    choose(answerOf(0, 0));
    expect(takeTracked()).toEqual([answerEvent(q1, answerOf(0, 0)), shownEvent(q3)]);
    choose(answerOf(2, 0));
    expect(takeTracked()).toEqual([answerEvent(q3, answerOf(2, 0)), { type: 'capture' }]);
    steps.back();
    expect(takeTracked()).toEqual([shownEvent(q3)]);
    steps.forward();
    expect(takeTracked()).toEqual([{ type: 'capture' }]);
  });

  it('back to the start page shows no question; starting again shows the first, not a second start', () => {
    const steps = new MemoryHistory();
    open({ history: steps });
    start();
    takeTracked();
    steps.back();
    expect(takeTracked()).toEqual([]);
    start();
    expect(takeTracked()).toEqual([shownEvent(q1)]);
  });

  it('in a frame, where history is left alone, the quiz’s Back button shows the question before', () => {
    open({ history: frameHistory() });
    start();
    choose(answerOf(0, 1));
    takeTracked();
    click('[data-action="back"]');
    expect(takeTracked()).toEqual([shownEvent(q1)]);
    choose(answerOf(0, 1));
    expect(takeTracked()).toEqual([answerEvent(q1, answerOf(0, 1)), shownEvent(q2)]);
  });
});

describe('the marketer’s scripts', () => {
  it('run the opt-in code when the lead is stored, then the completion code once the result shows', async () => {
    open();
    start();
    choose(answerOf(0, 0));
    choose(answerOf(2, 0));
    for (const [name, value] of [
      ['email', 'ada@example.com'],
      ['name', 'Ada'],
    ]) {
      const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (input) input.value = value ?? '';
    }
    const consent = root.querySelector<HTMLInputElement>('input[name="consent"]');
    if (consent) consent.checked = true;
    root.querySelector('form')?.requestSubmit();
    await vi.waitFor(() => expect(scriptRuns).toHaveLength(2));
    expect(scriptRuns).toEqual(['opt-in on “You’re All Done!”', 'complete on “Done”']);
  });

  it('run the completion code of a result without a lead, and before a redirect leaves the page', async () => {
    open({ capture: false });
    start();
    choose(answerOf(0, 0));
    choose(answerOf(2, 0));
    await vi.waitFor(() => expect(scriptRuns).toEqual(['complete on “Done”']));

    root.remove();
    const redirect: VisitorResult = {
      ...RESULT,
      outcome: { type: 'redirect', title: 'Away', url: 'https://shop.example/offer' },
    };
    open({ capture: false, result: redirect });
    start();
    choose(answerOf(0, 0));
    choose(answerOf(2, 0));
    await vi.waitFor(() => expect(scriptRuns).toHaveLength(2));
    expect(scriptRuns).toEqual([
      'complete on “Taking you to your results…”',
      'navigate https://shop.example/offer',
    ]);
  });
});
