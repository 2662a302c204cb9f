import type { LeadFormField, LeadFormPlacement } from '@quizbeam/contracts/leadFormFields';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreen } from '../markup/firstScreen';
import type { PlayerData } from '../playerData';
import { publishedQuizView } from '../publishedQuizView';
import { ENGLISH_PAGE } from '../testing/englishTexts';
import { MemoryHistory } from '../testing/memoryHistory';
import { runQuiz } from './quizRunner';
import { frameHistory, type StepHistory } from './stepHistory';
import { FieldRefusal, type LeadFields } from './visitor';

/** Q1's first answer skips to Q3, its second goes on to Q2; Q3 ends the quiz. */
const { quiz, q, a } = buildQuiz({
  questions: [{ answers: [{ to: 2 }, {}] }, { answers: [{}, {}] }, { answers: [{}, {}] }],
  outcomes: [{ from: 0, to: 10 }],
});
const [q1 = 0, q2 = 0, q3 = 0] = q;
const answerOf = (question: number, answer: number) => a[question]?.[answer] ?? 0;

const FIELDS: LeadFormField[] = [
  { id: 'f1', kind: 'phone', label: 'Phone', key: 'phone', required: true, serviceField: 'PHONE' },
  { id: 'f2', kind: 'choice', label: 'Team size', key: 'team', required: false, choices: ['1-10', '11+'] },
];

const RESULT: VisitorResult = {
  outcomeId: null,
  score: 0,
  maxScore: 0,
  percent: 0,
  categories: [],
  showCategoryBars: false,
  descriptionIndex: 0,
  outcome: {
    type: 'text',
    title: 'Your result',
    descriptionHtml: '',
    imageUrl: null,
    shareable: false,
    cta: null,
  },
};

let root: HTMLElement;
let tracked: VisitorEvent[];
let completed: Answered[][];
let leads: { answers: Answered[]; lead: LeadFields }[];
/** What the next lead calls answer, in turn; a result once these are used up. */
let leadReplies: Error[];

interface Options {
  placement: LeadFormPlacement;
  startPage?: boolean;
  skippable?: boolean;
  history?: StepHistory;
}

function open({ placement, startPage = true, skippable = false, history }: Options) {
  const shown: Quiz = {
    ...quiz,
    startPage: { enabled: startPage },
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      enabled: true,
      captureName: false,
      skippable,
      fields: FIELDS,
      placement,
    },
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
  leads = [];
  leadReplies = [];
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
        submitLead: async (answers, lead) => {
          leads.push({ answers, lead });
          const refusal = leadReplies.shift();
          if (refusal) throw refusal;
          return RESULT;
        },
      },
      history: history ?? frameHistory(),
      navigate() {},
      onOptIn() {},
      onComplete() {},
      afterRender() {},
      forms: null,
    },
  );
}

afterEach(() => root.remove());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = (selector: string) => {
  const element = root.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`No ${selector} on the screen (${heading()})`);
  element.click();
};
const heading = () => root.querySelector('h1')?.textContent;
const leadForm = () => root.querySelector<HTMLFormElement>('form[data-lead-form]');
const control = (name: string) => leadForm()?.elements.namedItem(name) as HTMLInputElement | null;
const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    const input = control(name);
    if (!input) throw new Error(`No ${name} field`);
    input.value = value;
  }
};
const submitForm = () => click('form[data-lead-form] button[type="submit"]');
const choose = (question: number, answer: number) => click(`[data-answer="${answerOf(question, answer)}"]`);
const errorOf = (name: string) => {
  const slot = root.querySelector<HTMLElement>(`#qb-${name}-error`);
  return slot?.hidden ? '' : slot?.textContent;
};
const onQuestion = (questionId: number) =>
  tracked.filter((event) => event.type === 'shown').at(-1)?.questionId === questionId && !leadForm();

const ENTERED = { email: 'ada@example.com', f1: '+44 20 7946 0958', f2: '11+' };
const SENT: LeadFields = {
  email: 'ada@example.com',
  name: null,
  consent: false,
  fields: { f1: '+44 20 7946 0958', f2: '11+' },
};
const walk = (path: [number, number][]): Answered[] =>
  path.map(([question, answer]) => ({ questionId: q[question] ?? 0, answerId: answerOf(question, answer) }));

describe('the capture form before the questions', () => {
  it('must be sent before the questions; its values go with the answers at the end, with no second form', async () => {
    open({ placement: { at: 'before_questions' } });
    click('[data-action="start"]');
    expect(tracked.map((event) => event.type)).toEqual(['visit', 'start', 'capture']);
    expect(root.querySelector('[data-action="skip"]')).toBeNull();
    submitForm();
    expect(errorOf('f1')).toBe('Please fill in “Phone”.');
    expect(document.activeElement).toBe(control('email'));
    expect(root.querySelector('[data-answer]')).toBeNull();

    fill(ENTERED);
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
    submitForm();
    expect(onQuestion(q1)).toBe(true);
    expect(leads).toEqual([]);
    choose(0, 1);
    choose(1, 0);
    choose(2, 0);
    await settle();
    expect(leads).toEqual([
      {
        answers: walk([
          [0, 1],
          [1, 0],
          [2, 0],
        ]),
        lead: SENT,
      },
    ]);
    expect(completed).toEqual([]);
    expect(heading()).toBe('Your result');
    expect(tracked.filter((event) => event.type === 'capture')).toHaveLength(1);
  });

  it('is the first screen without a start page; skipped, the quiz ends with a plain completion', async () => {
    open({ placement: { at: 'before_questions' }, startPage: false, skippable: true });
    expect(leadForm()).not.toBeNull();
    expect(tracked.map((event) => event.type)).toEqual(['visit', 'start', 'capture']);
    click('[data-action="skip"]');
    expect(onQuestion(q1)).toBe(true);
    choose(0, 0);
    choose(2, 1);
    await settle();
    expect(completed).toEqual([
      walk([
        [0, 0],
        [2, 1],
      ]),
    ]);
    expect(leads).toEqual([]);
    expect(heading()).toBe('Your result');
  });

  it('comes back filled in with the quiz’s Back button from the first question', () => {
    open({ placement: { at: 'before_questions' } });
    click('[data-action="start"]');
    fill(ENTERED);
    submitForm();
    click('[data-action="back"]');
    expect(leadForm()).not.toBeNull();
    expect(control('f1')?.value).toBe(ENTERED.f1);
    expect(control('f2')?.value).toBe('11+');
    submitForm();
    expect(onQuestion(q1)).toBe(true);
  });

  it('shows a value the server refuses at the end beside its field, in the form filled in again', async () => {
    open({ placement: { at: 'before_questions' } });
    click('[data-action="start"]');
    fill(ENTERED);
    submitForm();
    leadReplies = [new FieldRefusal('f1', 'Phone: Please enter a valid phone number.')];
    choose(0, 0);
    choose(2, 0);
    await settle();
    expect(leads).toHaveLength(1);
    expect(errorOf('f1')).toBe('Phone: Please enter a valid phone number.');
    expect(control('f1')?.getAttribute('aria-invalid')).toBe('true');
    expect(control('f1')?.getAttribute('aria-describedby')).toBe('qb-f1-error');
    expect(document.activeElement).toBe(control('f1'));
    expect(control('email')?.value).toBe(ENTERED.email);
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Show My Results');

    fill({ f1: '+1 202 555 0143' });
    submitForm();
    await settle();
    expect(leads[1]).toEqual({
      answers: walk([
        [0, 0],
        [2, 0],
      ]),
      lead: { ...SENT, fields: { ...SENT.fields, f1: '+1 202 555 0143' } },
    });
    expect(heading()).toBe('Your result');
  });
});

describe('the capture form after a question', () => {
  it('follows that question, the quiz goes on, and the values go with the answers at the end', async () => {
    open({ placement: { at: 'after_question', questionId: q2 } });
    click('[data-action="start"]');
    choose(0, 1);
    choose(1, 1);
    expect(tracked.at(-1)).toEqual({ type: 'capture' });
    fill(ENTERED);
    submitForm();
    expect(onQuestion(q3)).toBe(true);
    choose(2, 0);
    await settle();
    expect(leads).toEqual([
      {
        answers: walk([
          [0, 1],
          [1, 1],
          [2, 0],
        ]),
        lead: SENT,
      },
    ]);
    expect(heading()).toBe('Your result');
  });

  it('comes before the results when the visitor’s path skips that question', async () => {
    open({ placement: { at: 'after_question', questionId: q2 } });
    click('[data-action="start"]');
    choose(0, 0);
    choose(2, 0);
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Show My Results');
    fill(ENTERED);
    submitForm();
    await settle();
    expect(leads).toEqual([
      {
        answers: walk([
          [0, 0],
          [2, 0],
        ]),
        lead: SENT,
      },
    ]);
  });

  it('keeps Back and the browser’s history working on both sides of it', () => {
    const steps = new MemoryHistory();
    open({ placement: { at: 'after_question', questionId: q2 }, history: steps });
    click('[data-action="start"]');
    choose(0, 1);
    choose(1, 0);
    fill(ENTERED);
    submitForm();
    expect(onQuestion(q3)).toBe(true);

    click('[data-action="back"]');
    expect(control('f1')?.value).toBe(ENTERED.f1);
    expect(tracked.at(-1)).toEqual({ type: 'capture' });
    click('[data-action="back"]');
    expect(onQuestion(q2)).toBe(true);
    steps.forward();
    expect(leadForm()).not.toBeNull();
    steps.forward();
    expect(onQuestion(q3)).toBe(true);
    steps.back();
    steps.back();
    // Another answer to the question leads to the form again, still filled in.
    choose(1, 1);
    expect(control('email')?.value).toBe(ENTERED.email);
  });
});

describe('the capture form before the results', () => {
  it('shows a value the server refuses beside its field, keeping everything typed', async () => {
    open({ placement: { at: 'before_results' } });
    click('[data-action="start"]');
    choose(0, 0);
    choose(2, 0);
    fill(ENTERED);
    leadReplies = [new FieldRefusal('f1', 'Phone: Please enter a valid phone number.')];
    submitForm();
    await settle();
    expect(errorOf('f1')).toBe('Phone: Please enter a valid phone number.');
    expect(document.activeElement).toBe(control('f1'));
    expect(control('email')?.value).toBe(ENTERED.email);
    expect(control('f2')?.value).toBe('11+');
    expect(leads[0]?.lead).toEqual(SENT);
  });
});
