import type { Question, Quiz, ValueRange } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeViolation, axeViolations } from './axe';
import { heading, publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

/** Presses Tab until the focused element is the one `matches` describes (at most 30 times). */
async function tabTo(page: Page, matches: (element: { tag: string; type: string; name: string }) => boolean) {
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLInputElement | null;
      const label = element?.labels?.[0]?.innerText ?? '';
      return {
        tag: element?.tagName.toLowerCase() ?? '',
        type: element?.type ?? '',
        name: `${element?.getAttribute('aria-label') ?? ''}${label}${element?.innerText ?? ''}`.trim(),
      };
    });
    if (matches(focused)) return;
  }
  throw new Error('Tab never reached the control.');
}

const next = (page: Page) => tabTo(page, ({ tag, name }) => tag === 'button' && name === 'Next');

const follow = { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null } as const;
const range = (from: number, to: number, points: number): ValueRange => ({
  from,
  to,
  points,
  outcome: null,
  next: follow,
});

const assessmentSpec: QuizSpec = {
  type: 'scored',
  questions: [
    {
      text: 'Which channels do you use?',
      answers: [
        { text: 'Email', points: 3 },
        { text: 'Social', points: 2 },
        { text: 'Print', points: 0 },
      ],
    },
    { text: 'How clear is your strategy?' },
    { text: 'How big is your team?' },
    {
      text: 'Which industry are you in?',
      answers: [
        { text: 'Retail', points: 1 },
        { text: 'Software', points: 2 },
      ],
    },
    { text: 'Anything else we should know?' },
  ],
  outcomes: [
    { from: 0, to: 49 },
    { from: 50, to: 100 },
  ],
};

/** ScoreApp's kind of assessment: categories, outcomes by percentage, a bar per category. */
function assessment(): Partial<Quiz> {
  const { quiz } = buildQuiz(assessmentSpec);
  const strategy = quiz.nextId;
  const execution = quiz.nextId + 1;
  const settings: Partial<Question>[] = [
    { type: 'multi_list', selection: { min: 1, max: 2 }, category: strategy },
    {
      type: 'rating',
      rating: { kind: 'stars', lowLabel: 'Vague', highLabel: 'Crystal clear' },
      ranges: [1, 2, 3, 4, 5].map((value) => range(value, value, value)),
      category: strategy,
    },
    {
      type: 'number_input',
      number: { min: 1, max: 100, step: 1, unit: 'people', display: 'slider' },
      ranges: [range(1, 9, 1), range(10, 100, 4)],
      category: execution,
    },
    { type: 'dropdown', category: execution },
    { type: 'text_input', multiline: true, optional: true },
  ];
  return {
    title: 'How ready is your marketing?',
    startPage: { enabled: true },
    cta: 'Start the assessment',
    nextId: quiz.nextId + 2,
    categories: [
      { id: strategy, name: 'Strategy' },
      { id: execution, name: 'Execution' },
    ],
    scoring: { outcomeBy: 'percent', showCategoryBars: true },
    questions: quiz.questions.map((question, index) => ({ ...question, ...settings[index] })),
    outcomes: quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: index === 0 ? 'Getting started' : 'Ready to grow',
      descriptions: ['You scored [[percent]]%, strategy [[percent:Strategy]]%.'],
    })),
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      enabled: true,
      captureName: true,
      fields: [
        { id: 'f1', kind: 'phone', label: 'Phone', key: 'phone', required: true },
        {
          id: 'f2',
          kind: 'choice',
          label: 'Your role',
          key: 'role',
          required: true,
          choices: ['Founder', 'Marketer'],
        },
      ],
    },
  };
}

/** Interact's kind of personality quiz: several answers, each counting toward outcomes with weights. */
function personality(): { spec: QuizSpec; extra: (quiz: Quiz) => Partial<Quiz> } {
  const spec: QuizSpec = {
    type: 'general',
    questions: [
      {
        text: 'What do you enjoy?',
        answers: [
          { text: 'Planning', outcome: 0 },
          { text: 'Building', outcome: 1 },
          { text: 'Talking', outcome: 2 },
        ],
      },
    ],
    outcomes: ['The Strategist', 'The Maker', 'The Connector'],
  };
  const extra = (quiz: Quiz): Partial<Quiz> => ({
    startPage: { enabled: false },
    questions: quiz.questions.map((question) => ({
      ...question,
      type: 'multi_list',
      // Building counts double toward the Maker and once toward the Connector.
      answers: question.answers.map((answer, index) =>
        index === 1
          ? {
              ...answer,
              outcomeWeight: 2,
              extraOutcomes: [{ outcome: quiz.outcomes[2]?.id ?? 0, weight: 1 }],
            }
          : answer,
      ),
    })),
  });
  return { spec, extra };
}

async function phonePage() {
  const phone = await ui.browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return phone.newPage();
}

describe('question types, categories and weighted outcomes on a phone', () => {
  it('takes an assessment of every type with the keyboard alone, accessible on every screen, and keeps every answer', async () => {
    const quiz = await storedQuiz(assessmentSpec, assessment());
    const url = await publishInEditor(quiz.id);
    const visitor = await phonePage();
    await visitor.goto(url);
    const screens: Record<string, AxeViolation[]> = {};
    const check = async (name: string) => {
      screens[name] = await axeViolations(visitor);
    };
    await check('start');
    await tabTo(visitor, ({ name }) => name === 'Start the assessment');
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('Which channels do you use?');
    await check('multi');
    await tabTo(visitor, ({ type, name }) => type === 'checkbox' && name === 'Email');
    await visitor.keyboard.press('Space');
    await tabTo(visitor, ({ type, name }) => type === 'checkbox' && name === 'Social');
    await visitor.keyboard.press('Space');
    await next(visitor);
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('How clear is your strategy?');
    await check('rating');
    await tabTo(visitor, ({ type }) => type === 'radio');
    // The first star, then three to the right: 4 of 5.
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowRight');
    await next(visitor);
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('How big is your team?');
    await check('slider');
    await tabTo(visitor, ({ type }) => type === 'range');
    await visitor.keyboard.press('Home');
    for (let press = 0; press < 10; press++) await visitor.keyboard.press('ArrowRight');
    await next(visitor);
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('Which industry are you in?');
    await check('dropdown');
    await tabTo(visitor, ({ type }) => type === 'search');
    await visitor.keyboard.type('soft');
    await visitor.keyboard.press('ArrowDown');
    await next(visitor);
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('Anything else we should know?');
    await check('text');
    await tabTo(visitor, ({ tag }) => tag === 'textarea');
    await visitor.keyboard.type('=1+1 we sell online');
    await next(visitor);
    await visitor.keyboard.press('Enter');

    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    await check('capture');
    await tabTo(visitor, ({ name }) => name === 'Name');
    await visitor.keyboard.type('Grace Hopper');
    await tabTo(visitor, ({ type }) => type === 'email');
    await visitor.keyboard.type('grace@example.com');
    await tabTo(visitor, ({ type }) => type === 'tel');
    await visitor.keyboard.type('020 7946 0958');
    await tabTo(visitor, ({ tag }) => tag === 'select');
    await visitor.keyboard.press('ArrowDown');
    await visitor.keyboard.press('ArrowDown');
    await tabTo(visitor, ({ tag, name }) => tag === 'button' && name === 'Show My Results');
    await visitor.keyboard.press('Enter');
    // A number without its country code is refused beside the field, and nothing typed is lost.
    await expect.poll(() => visitor.locator('main').innerText()).toContain('country code');
    await check('capture error');
    expect(await visitor.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('tel');
    await visitor.keyboard.press('Control+A');
    await visitor.keyboard.type('+44 20 7946 0958');
    await tabTo(visitor, ({ tag, name }) => tag === 'button' && name === 'Show My Results');
    await visitor.keyboard.press('Enter');

    // Strategy: Email 3 + Social 2 + 4 stars = 9 of 10; Execution: 4 (11 people) + 2 (Software) = 6 of 6; 15 of 16.
    await expect.poll(() => heading(visitor).innerText()).toBe('Ready to grow');
    await check('outcome');
    const outcome = await visitor.locator('main').innerText();
    expect(outcome).toContain('You scored 94%, strategy 90%.');
    expect(outcome).toMatch(/Strategy: 90%/);
    expect(outcome).toMatch(/Execution: 100%/);
    expect(screens).toEqual({
      start: [],
      multi: [],
      rating: [],
      slider: [],
      dropdown: [],
      text: [],
      capture: [],
      'capture error': [],
      outcome: [],
    });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await visitor.context().close();

    // The marketer's side: the lead's own answers and category scores in the Leads tab.
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/leads`);
    await ui.page.getByRole('button', { name: 'Answers of grace@example.com' }).click();
    const answers = ui.page.getByRole('region', { name: 'Answers of grace@example.com' });
    await expect.poll(() => answers.innerText()).toContain('Email, Social');
    const shown = await answers.innerText();
    for (const text of [
      '+442079460958',
      'Marketer',
      'Email, Social',
      '11 people',
      'Software',
      '=1+1 we sell online',
      '90%',
    ])
      expect(shown).toContain(text);

    // Both downloads: a column per question and per category.
    const me = (await (await ui.page.request.get(`${server.appUrl}/api/me`)).json()) as {
      account: { id: string };
    };
    const base = `${server.appUrl}/accounts/${me.account.id}/quizzes/${quiz.id}`;
    const leadsCsv = await (await ui.page.request.get(`${base}/leads.csv`)).text();
    const responsesCsv = await (await ui.page.request.get(`${base}/analytics.csv`)).text();
    expect(leadsCsv).toContain('Your role');
    expect(leadsCsv).toContain('Marketer');
    for (const csv of [leadsCsv, responsesCsv]) {
      expect(csv).toContain('Which channels do you use?');
      expect(csv).toContain('Category: Strategy');
      expect(csv).toContain('Email; Social');
      expect(csv).toContain('11 people');
      expect(csv).toContain('1+1 we sell online');
      // A text answer starting a formula would be one in a spreadsheet: it is kept as text.
      expect(csv).not.toMatch(/(^|,)"?=1\+1/m);
    }

    // Analytics: the rating's and the number's median, and the latest text answers.
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/analytics`);
    await expect
      .poll(() => ui.page.locator('main').innerText(), { timeout: 15_000 })
      .toContain('we sell online');
    expect(await ui.page.locator('main').innerText()).toMatch(/Median/i);
  });

  it('weights a personality quiz’s links, so two answers on a phone give the outcome they count toward most', async () => {
    const { spec, extra } = personality();
    const base = buildQuiz(spec).quiz;
    const quiz = await storedQuiz(spec, extra(base));
    const url = await publishInEditor(quiz.id);
    const visitor = await phonePage();
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('What do you enjoy?');
    // Planning (Strategist 1) and Building (Maker 2, Connector 1): the Maker.
    await tabTo(visitor, ({ type, name }) => type === 'checkbox' && name === 'Planning');
    await visitor.keyboard.press('Space');
    await tabTo(visitor, ({ type, name }) => type === 'checkbox' && name === 'Building');
    await visitor.keyboard.press('Space');
    await next(visitor);
    await visitor.keyboard.press('Enter');
    await expect.poll(() => heading(visitor).innerText()).toBe('The Maker');
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.context().close();
  });
});
