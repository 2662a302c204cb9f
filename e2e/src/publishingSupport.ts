import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseOption } from './editorSupport';
import type { ServerAddress } from './serverProcess';
import { type BrowserPage, createAccount, signIn } from './support';

/** What the publishing journeys do through the builder; `server` is read when a helper runs. */
export function publishingHelpers(ui: BrowserPage, server: () => ServerAddress) {
  /** Signs in as a new account and stores the quiz through the API, as the editor would save it. */
  async function storedQuiz(spec: QuizSpec, extra: Partial<Quiz>): Promise<Quiz> {
    const { appUrl, dataDir } = server();
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(ui.page, appUrl, email, 'secret-one');
    return anotherStoredQuiz(spec, extra);
  }

  /** Another quiz of the account signed in on the page. */
  async function anotherStoredQuiz(spec: QuizSpec, extra: Partial<Quiz>): Promise<Quiz> {
    const { appUrl } = server();
    const origin = new URL(appUrl).origin;
    const created = await ui.page.request.post(`${appUrl}/api/quizzes`, {
      data: { name: 'Funnel check', type: spec.type },
      headers: { origin },
    });
    const { quizId } = (await created.json()) as { quizId: string };
    const stored = (await (await ui.page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json()) as Quiz;
    const quiz = {
      ...buildQuiz(spec).quiz,
      id: stored.id,
      name: stored.name,
      publishedId: stored.publishedId,
      ...extra,
    };
    const saved = await ui.page.request.put(`${appUrl}/api/quizzes/${quizId}`, {
      data: quiz,
      headers: { origin },
    });
    expect(saved.ok()).toBe(true);
    return (await saved.json()) as Quiz;
  }

  async function publishInEditor(quizId: string, domain?: string): Promise<string> {
    await ui.page.goto(`${server().appUrl}/quizzes/${quizId}/publish`);
    if (domain) {
      await chooseOption(ui.page, ui.page, 'Domain', domain);
    }
    await ui.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => ui.page.getByText('Quiz has been published.').isVisible()).toBe(true);
    return (await ui.page.locator('.publish-tab__url').getAttribute('href')) ?? '';
  }

  return { storedQuiz, anotherStoredQuiz, publishInEditor };
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

export async function answer(page: Page, text: string) {
  await page.getByRole('button', { name: text, exact: true }).click();
}

export const scoredSpec: QuizSpec = {
  type: 'scored',
  questions: [
    {
      text: 'How big is your team?',
      answers: [{ text: 'Ten or more', points: 3, to: 2 }, { text: 'Just me' }],
    },
    { text: 'Do you sell online?', answers: [{ text: 'Yes, mostly', points: 1 }, { text: 'Not yet' }] },
    { text: 'Do you run paid ads?', answers: [{ text: 'Every month', points: 2 }, { text: 'Never' }] },
  ],
  outcomes: [
    { from: 0, to: 2 },
    { from: 3, to: 10 },
  ],
};

/** Outcome titles with the score shortcodes, as a marketer would write them. */
export const scoredOutcomes = () =>
  buildQuiz(scoredSpec).quiz.outcomes.map((outcome, index) => ({
    ...outcome,
    name:
      index === 0 ? 'Getting started: [[score]] of [[maxScore]]' : 'Ready to grow: [[score]] of [[maxScore]]',
  }));
