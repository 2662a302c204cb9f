import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { questionTypes } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, axeViolations } from './axe';
import { sharedServer } from './sharedServer';
import { createAccount, launchBrowser, signIn } from './support';
import { leaveLeads } from './visitorSupport';

const server = sharedServer();
const PASSWORD = 'secret-one';

/** One question of every type, scored, with outcomes: every kind of card the editor draws. */
const everyTypeSpec: QuizSpec = {
  type: 'scored',
  questions: questionTypes.map((type) => ({
    text: `A ${type.replace(/_/g, ' ')} question`,
    answers: [
      { text: 'First answer', points: 1 },
      { text: 'Second answer', points: 2 },
    ],
  })),
  outcomes: [
    { from: 0, to: 5 },
    { from: 6, to: 100 },
  ],
};

const publishedSpec: QuizSpec = {
  type: 'scored',
  questions: [
    { text: 'How big is your team?', answers: [{ text: 'Ten or more', points: 3 }, { text: 'Just me' }] },
    { text: 'Do you sell online?', answers: [{ text: 'Yes', points: 1 }, { text: 'Not yet' }] },
  ],
  outcomes: [
    { from: 0, to: 2 },
    { from: 3, to: 10 },
  ],
};

function everyTypeQuiz(): Partial<Quiz> {
  const { quiz } = buildQuiz(everyTypeSpec);
  return {
    title: 'How ready is your marketing?',
    startPage: { enabled: true },
    questions: quiz.questions.map(
      (question, index): Question => ({ ...question, type: questionTypes[index] ?? 'single_list' }),
    ),
    outcomes: quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: index === 0 ? 'Getting started' : 'Ready to grow',
    })),
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true },
  };
}

let page: Page;
let closeBrowser: () => Promise<void>;
const origin = new URL(server.appUrl).origin;

beforeAll(async () => {
  const browser = await launchBrowser();
  closeBrowser = () => browser.close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser();
});

/** Waits until the screen has drawn its data: a level-one heading and nothing loading. */
async function settled(): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Generous: a busy machine draws the Publish tab's QR code and the analytics charts slowly.
  await expect
    .poll(() => page.locator('.loading-overlay, [aria-busy="true"]').count(), { timeout: 15_000 })
    .toBe(0);
  // A fade-in still under way (a notification shown again by a new layout) would be measured half-faded.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .length,
      ),
    )
    .toBe(0);
}

const found: Record<string, AxeViolation[]> = {};

/**
 * Opens a builder address and records what axe finds there (nothing, when the screen passes). Within the
 * app it navigates as the app's own links do, without loading the page again: dozens of screens stay fast.
 */
async function check(name: string, path: string, { reload = false } = {}): Promise<void> {
  await visit(path, reload);
  await record(name);
}

async function visit(path: string, reload = false): Promise<void> {
  const address = new URL(`${server.appUrl}${path}`);
  if (reload) {
    await page.goto(address.href);
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${address.pathname}${address.search}`);
    await page.waitForURL(address.href);
  }
  await settled();
}

async function record(name: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) found[name] = violations;
}

/** Whether the page scrolls sideways, which a reflowing layout never needs (WCAG 1.4.10). */
const scrollsSideways = () =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth);

async function postJson(path: string, data: object) {
  const answer = await page.request.post(`${server.appUrl}${path}`, { data, headers: { origin } });
  expect(answer.ok(), `${path} answered ${answer.status()}`).toBe(true);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** A stored quiz of the signed-in account, as the editor would save it. */
async function storedQuiz(spec: QuizSpec, extra: Partial<Quiz>): Promise<Quiz> {
  const { quizId } = (await postJson('/api/quizzes', { name: 'Marketing check', type: spec.type })) as {
    quizId: string;
  };
  const stored = (await (await page.request.get(`${server.appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
  const quiz = { ...buildQuiz(spec).quiz, id: stored.id, name: stored.name, publishedId: stored.publishedId };
  const saved = await page.request.put(`${server.appUrl}/api/quizzes/${quizId}`, {
    data: { ...quiz, ...extra },
    headers: { origin },
  });
  expect(saved.ok()).toBe(true);
  return (await saved.json()) as Quiz;
}

describe('the builder with axe and at 320 pixels', () => {
  it('has no WCAG 2.2 AA violation on any route, tab or main dialog, and reflows on a narrow screen', async () => {
    // Signed out: the sign-in page and its forgotten-password screen.
    await check('sign in', '/login', { reload: true });
    await check('forgot password', '/forgot-password', { reload: true });
    await page.setViewportSize({ width: 320, height: 640 });
    await check('sign in at 320 pixels', '/login', { reload: true });
    const signInScrollsSideways = await scrollsSideways();
    await page.setViewportSize({ width: 1280, height: 900 });

    const account = await createAccount(server.dataDir, { password: PASSWORD, admin: true, pro: true });
    await signIn(page, server.appUrl, account.email, PASSWORD);
    // The app's first render is done before it is navigated within.
    await settled();
    const quiz = await storedQuiz(everyTypeSpec, everyTypeQuiz());
    await postJson(`/accounts/${account.accountId}/webhooks`, {
      name: 'CRM',
      url: 'https://crm.example/hooks/leads',
    });

    // Image answers without images keep that quiz from being published: a second one is, with leads, so
    // Publish, Leads and Analytics show their full screens.
    await check('quiz publish tab, not ready', `/quizzes/${quiz.id}/publish`);
    const published = await storedQuiz(publishedSpec, {
      title: 'Is your team ready?',
      leadCaptureSettings: { ...buildQuiz(publishedSpec).quiz.leadCaptureSettings, enabled: true },
    });
    await visit(`/quizzes/${published.id}/publish`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Quiz has been published.').waitFor();
    const url = (await page.locator('.publish-tab__url').getAttribute('href')) ?? '';
    await leaveLeads(page.request, url, [
      { email: 'ada@example.com', name: 'Ada', utmSource: 'newsletter' },
      { email: 'grace@example.com', name: 'Grace', utmSource: 'ads' },
    ]);

    await check('my quizzes', '/');
    await check('new quiz', '/quizzes/new');
    await check('account', '/account');
    await check('domains', '/domains');
    await check('html forms', '/html-forms');
    await check('integrations', '/integrations');
    await check('add integration', '/integrations/new');
    await check('account scripts', '/scripts');
    await check('profile', '/profile');
    await check('leads challenge', '/leads-challenge');
    await check('zapier', '/zapier');
    await check('templates', '/templates');
    await check('new template', '/templates/new');
    await check('payment pending', '/payment/pending');
    await check('not found', '/no-such-page');
    await check('server error', '/error/500');

    const editor = `/quizzes/${quiz.id}`;
    for (const [tab, path] of [
      ['configure', ''],
      ['appearance', '/appearance'],
      ['outcomes', '/outcomes'],
      ['start page', '/start-page'],
      ['questions', '/questions'],
      ['capture form', '/capture-form'],
      ['scripts', '/scripts'],
      ['tracking', '/tracking'],
    ] as const) {
      await check(`quiz ${tab} tab`, `${editor}${path}`);
    }
    const publishedEditor = `/quizzes/${published.id}`;
    for (const tab of ['publish', 'leads', 'analytics']) {
      await check(`published quiz ${tab} tab`, `${publishedEditor}/${tab}`);
    }

    // Each question type's card in the Questions tab.
    await visit(`${editor}/questions`);
    const cards = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
    for (let index = 1; index < questionTypes.length; index++) {
      await cards.nth(index).locator('.item-card__select').click();
      await page.getByRole('region', { name: `Question ${index + 1} settings` }).waitFor();
      await record(`question card: ${questionTypes[index]}`);
    }

    // The confirmation dialog, with the page behind it.
    await cards
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('dialog').waitFor();
    await record('confirmation dialog');
    await page.keyboard.press('Escape');

    const templates = (await (await page.request.get(`${server.appUrl}/api/templates`)).json()) as {
      id: string;
    }[];
    const template = `/templates/${templates[0]?.id ?? ''}`;
    await check('template settings', template);
    await check('template outcomes', `${template}/outcomes`);
    await check('template start page', `${template}/start-page`);
    await check('template questions', `${template}/questions`);

    // The admin console, a page of its own.
    await check('admin accounts', '/admin', { reload: true });
    await check('admin account', `/admin?account=${account.accountId}`);
    await check('admin audit log', '/admin?view=audit-log');
    await check('admin leads challenge', '/admin?view=leads-challenge');
    expect(found).toEqual({});

    // Reflow: a phone's narrowest width shows every key screen without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 640 });
    const sideways: string[] = [];
    for (const [path, reload] of [
      ['/admin', true],
      ['/', true],
      ['/quizzes/new', false],
      [`${editor}/questions`, false],
      [`/quizzes/${published.id}/leads`, false],
      [`/quizzes/${published.id}/analytics`, false],
      ['/integrations', false],
      ['/templates', false],
    ] as const) {
      await visit(path, reload);
      if (await scrollsSideways()) sideways.push(path);
    }
    expect({ signInScrollsSideways, sideways }).toEqual({ signInScrollsSideways: false, sideways: [] });
    // About 35 s alone; beside another journey on a busy machine it has taken 55 s.
  }, 90_000);
});
