import type { Question, Quiz, ValueRange } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ServerAddress } from './serverProcess';
import { createAccount } from './support';

/*
 * The published quiz the accessibility journeys share (playerAccessibility, keyboardQuiz): one of every screen
 * and message a visitor can meet, and a walk through them all.
 */

const follow = { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null } as const;
const range = (from: number, to: number, points: number): ValueRange => ({
  from,
  to,
  points,
  outcome: null,
  next: follow,
});

const spec: QuizSpec = {
  type: 'scored',
  questions: [
    {
      text: 'How big is your team?',
      answers: [
        { text: 'Just me', points: 1 },
        { text: 'Ten or more', points: 3 },
      ],
    },
    { text: 'Where do you work best?', answers: [{ text: 'By the sea' }, { text: 'In the hills' }] },
    {
      text: 'Which channels do you use?',
      answers: [
        { text: 'Email', points: 2 },
        { text: 'Social', points: 3 },
        { text: 'Ads', points: 1 },
      ],
    },
    { text: 'Pick your favourite places', answers: [{ text: 'Sea' }, { text: 'Hills' }] },
    { text: 'How clear is your strategy?' },
    { text: 'How likely are you to recommend us?' },
    { text: 'How many people see your ads?' },
    { text: 'How many tools do you use?' },
    {
      text: 'Where are you based?',
      answers: ['Austria', 'Belgium', 'Croatia', 'Denmark'].map((text) => ({ text })),
    },
    { text: 'Anything else we should know?' },
    { text: 'What is your role?' },
  ],
  outcomes: [
    { from: 0, to: 10 },
    { from: 11, to: 1000 },
  ],
};

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PICTURES = 'https://pictures.example';

/** Every question type, a start page, the capture form with fields, consent and privacy link, outcomes with bars and sharing. */
export function everyScreenQuiz(): Partial<Quiz> {
  const { quiz } = buildQuiz(spec);
  const strategy = quiz.nextId;
  const reach = quiz.nextId + 1;
  const settings: Partial<Question>[] = [
    { type: 'single_list' },
    { type: 'image_single_list' },
    { type: 'multi_list', selection: { min: 2, max: 3 }, category: strategy },
    { type: 'image_multi_list' },
    {
      type: 'rating',
      rating: { kind: 'stars', lowLabel: 'Vague', highLabel: 'Crystal clear' },
      ranges: [1, 2, 3, 4, 5].map((value) => range(value, value, value)),
      category: strategy,
    },
    { type: 'rating', rating: { kind: 'zero_to_ten', lowLabel: 'Not likely', highLabel: 'Very likely' } },
    {
      type: 'number_input',
      number: { min: 0, max: 1000, step: 10, unit: 'people', display: 'slider' },
      ranges: [range(0, 500, 1), range(510, 1000, 4)],
      category: reach,
    },
    { type: 'number_input', number: { min: 1, max: 10, step: 1, unit: 'tools', display: 'field' } },
    { type: 'dropdown' },
    { type: 'text_input', multiline: true, optional: true },
    { type: 'text_input' },
  ];
  const withPictures = (question: Question): Question => ({
    ...question,
    answers: question.answers.map((answer, index) => ({
      ...answer,
      image: {
        id: 'i',
        accountId: 'a',
        filename: 'f.png',
        s3Key: 'k',
        url: `${PICTURES}/${index}.png`,
        width: 4,
        height: 3,
      },
      imageCaption: index === 0 ? 'A beach at noon' : '',
    })),
  });
  return {
    title: 'How ready is your marketing?',
    description: 'Eleven questions, two minutes.',
    cta: 'Start the assessment',
    startPage: { enabled: true },
    nextId: quiz.nextId + 2,
    categories: [
      { id: strategy, name: 'Strategy' },
      { id: reach, name: 'Reach' },
    ],
    scoring: { outcomeBy: 'score', showCategoryBars: true },
    questions: quiz.questions.map((question, index) => {
      const typed = { ...question, ...settings[index] } as Question;
      return typed.type === 'image_single_list' || typed.type === 'image_multi_list'
        ? withPictures(typed)
        : typed;
    }),
    outcomes: quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: index === 0 ? 'Getting started' : 'Ready to grow',
      descriptions: ['You scored [[score]] points. <a href="https://example.com/guide">Read the guide</a>.'],
      enableSocialSharing: true,
      enableCta: true,
      ctaButtonText: 'Book a call',
      ctaUrl: 'https://example.com/call',
    })),
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      enabled: true,
      captureName: true,
      useConfirmationCheckbox: true,
      confirmationCheckboxText: 'I agree to receive the results and news by email.',
      dataUsageNote: 'We use your details only to send your results.',
      privacyPolicyUrl: 'https://example.com/privacy',
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
    tracking: {
      useAccountDefaults: false,
      own: { gtmContainerId: '', ga4MeasurementId: 'G-A11Y123456', metaPixelId: '', askConsent: true },
    },
  };
}

export interface PublishedQuiz {
  url: string;
  accountId: string;
  /** Signed in as the quiz's account, for calls to the builder's API. */
  api: APIRequestContext;
}

/** Signs in as a new account (allowed every theme) and publishes the quiz of every screen in `themeId`, with `extra`. */
export async function publishEveryScreenQuiz(
  browser: Browser,
  server: ServerAddress,
  themeId: string,
  extra: Partial<Quiz> = {},
): Promise<PublishedQuiz> {
  const builder = await browser.newContext();
  const { email } = await createAccount(server.dataDir, { password: 'secret-one', extraTemplates: true });
  const origin = new URL(server.appUrl).origin;
  const api = builder.request;
  const signedIn = await api.post(`${origin}/api/login`, {
    data: { email, password: 'secret-one' },
    headers: { origin },
  });
  expect(signedIn.ok()).toBe(true);
  const me = (await (await api.get(`${server.appUrl}/api/me`)).json()) as { account: { id: string } };
  const created = await api.post(`${server.appUrl}/api/quizzes`, {
    data: { name: 'Accessibility check', type: 'scored' },
    headers: { origin },
  });
  const { quizId } = (await created.json()) as { quizId: string };
  const stored = (await (await api.get(`${server.appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
  const published = await api.post(`${server.appUrl}/accounts/${me.account.id}/quizzes/${quizId}/publish`, {
    data: { ...stored, ...everyScreenQuiz(), theme: themeId, ...extra },
    headers: { origin },
  });
  if (!published.ok())
    throw new Error(`publishing answered ${published.status()}: ${await published.text()}`);
  const url = `${server.publishUrl}/${((await published.json()) as Quiz).publishedId}`;
  return { url, accountId: me.account.id, api };
}

/** A visitor of its own (no cookies, no earlier consent) on the quiz's page; the answers' pictures are stubbed. */
export async function visitorPage(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.route(`${PICTURES}/**`, (route) =>
    route.fulfill({ contentType: 'image/png', body: TINY_PNG }),
  );
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

export const headingText = (page: Page) => page.locator('h1').innerText();
export const nextButton = (page: Page) => page.locator('#qb-screen button[type=submit]');

/** Submits the question's form empty and waits for its message. */
async function submitEmpty(page: Page) {
  await nextButton(page).click();
  await page.locator('#qb-answer-error').waitFor({ state: 'visible' });
}

/**
 * Takes the quiz by mouse from the start page to the outcome, calling `screen` on every screen and on every
 * validation message (each question submitted empty first, the capture form too). The consent bar stays up.
 */
export async function walkQuiz(page: Page, screen: (name: string) => Promise<void>) {
  const expectHeading = (text: string) => expect.poll(() => headingText(page)).toBe(text);
  await expectHeading('How ready is your marketing?');
  await screen('start');
  await page.getByRole('button', { name: 'Start the assessment' }).click();

  await expectHeading('How big is your team?');
  await screen('single choice');
  await page.getByRole('button', { name: 'Ten or more' }).click();

  await expectHeading('Where do you work best?');
  await screen('single picture choice');
  await page.locator('.qb-answers .qb-btn').first().click();

  await expectHeading('Which channels do you use?');
  await screen('multiple choice');
  await submitEmpty(page);
  await screen('multiple choice, nothing chosen');
  await page.getByRole('checkbox', { name: 'Email' }).check();
  await page.getByRole('checkbox', { name: 'Social' }).check();
  await nextButton(page).click();

  await expectHeading('Pick your favourite places');
  await screen('multiple picture choice');
  await submitEmpty(page);
  await screen('multiple picture choice, nothing chosen');
  await page.locator('.qb-option input').first().check();
  await nextButton(page).click();

  await expectHeading('How clear is your strategy?');
  await screen('stars');
  await submitEmpty(page);
  await screen('stars, none chosen');
  await page.locator('.qb-pick').nth(3).click();
  await screen('stars, four chosen');
  await nextButton(page).click();

  await expectHeading('How likely are you to recommend us?');
  await screen('0 to 10');
  await submitEmpty(page);
  await screen('0 to 10, none chosen');
  await page.locator('.qb-pick').nth(8).click();
  await nextButton(page).click();

  await expectHeading('How many people see your ads?');
  await screen('slider');
  await page.locator('.qb-range').fill('800');
  await nextButton(page).click();

  await expectHeading('How many tools do you use?');
  await screen('number');
  await submitEmpty(page);
  await screen('number, empty');
  await page.locator('#qb-value').fill('3');
  await nextButton(page).click();

  await expectHeading('Where are you based?');
  await screen('dropdown');
  await submitEmpty(page);
  await screen('dropdown, none chosen');
  await page.locator('#qb-options').selectOption({ label: 'Belgium' });
  await nextButton(page).click();

  await expectHeading('Anything else we should know?');
  await screen('optional text');
  await nextButton(page).click();

  await expectHeading('What is your role?');
  await screen('text');
  await submitEmpty(page);
  await screen('text, empty');
  await page.locator('#qb-answer-text').fill('Founder');
  await nextButton(page).click();

  await expect.poll(() => page.locator('input[type=email]').count()).toBe(1);
  await screen('capture form');
  await page.locator('#qb-screen button[type=submit]').click();
  await page.locator('#qb-email-error').waitFor({ state: 'visible' });
  await screen('capture form, every field missing');
  await page.locator('#qb-name').fill('Grace Hopper');
  await page.locator('#qb-email').fill('grace@example.com');
  await page.locator('input[type=tel]').fill('+44 20 7946 0958');
  await page.locator('#qb-f2').selectOption('Marketer');
  await page.locator('#qb-consent').check();
  await page.locator('#qb-screen button[type=submit]').click();

  await expectHeading('Ready to grow');
  await screen('outcome');
}
