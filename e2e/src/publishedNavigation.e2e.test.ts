import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answer, heading, publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

const server = sharedServer();

const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const status = (page: Page) => page.locator('.qb-status').innerText();

/** Where a link-styled button's text starts, and where the answers (or the form's fields) start. */
const leftEdges = (page: Page, link: 'Back' | 'Skip') =>
  page.evaluate((name) => {
    const button = [...document.querySelectorAll<HTMLElement>('.qb-link')].find(
      (candidate) => candidate.textContent === name,
    );
    const block = document.querySelector('.qb-answer, .qb-field input');
    if (!button || !block) throw new Error(`no ${name} button or nothing to line it up with`);
    const text = document.createRange();
    text.selectNodeContents(button);
    return { link: text.getBoundingClientRect().left, rest: block.getBoundingClientRect().left };
  }, link);

describe('moving through a published quiz', () => {
  it('steps back one question with the browser’s Back on the same page; Back and Skip line up with the answers', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      startPage: { enabled: false },
      outcomes: scoredOutcomes(),
      leadCaptureSettings: {
        ...buildQuiz(scoredSpec).quiz.leadCaptureSettings,
        enabled: true,
        skippable: true,
      },
    });
    const url = await publishInEditor(quiz.id);
    const visitor = await ui.browser.newPage();
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('How big is your team?');
    // A mark on the window lasts only as long as this very page stays loaded.
    await visitor.evaluate(() => Object.assign(window, { quizPageMark: 'still here' }));
    const stillLoaded = () => visitor.evaluate(() => (window as { quizPageMark?: string }).quizPageMark);

    await answer(visitor, 'Just me');
    await expect.poll(() => heading(visitor).innerText()).toBe('Do you sell online?');
    expect(await status(visitor)).toBe('Question 2 of 3');
    const back = await leftEdges(visitor, 'Back');
    expect(Math.round(back.link)).toBe(Math.round(back.rest));

    await visitor.goBack();
    await expect.poll(() => heading(visitor).innerText()).toBe('How big is your team?');
    expect(await status(visitor)).toBe('Question 1 of 3');
    expect(await stillLoaded()).toBe('still here');
    expect(visitor.url()).toBe(url);
    await visitor.goForward();
    await expect.poll(() => heading(visitor).innerText()).toBe('Do you sell online?');

    await answer(visitor, 'Yes, mostly');
    await answer(visitor, 'Never');
    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    const skip = await leftEdges(visitor, 'Skip');
    expect(Math.round(skip.link)).toBe(Math.round(skip.rest));
    // From the capture form, Back returns to the last question, whose answer can still change.
    await visitor.goBack();
    await expect.poll(() => heading(visitor).innerText()).toBe('Do you run paid ads?');
    await answer(visitor, 'Every month');
    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    await visitor.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('Ready to grow: 3 of 5');
    expect(await stillLoaded()).toBe('still here');
    await visitor.close();
  });

  it('leaves the history of the page it is embedded in alone', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'Embedded quiz',
      startPage: { enabled: false },
      outcomes: scoredOutcomes(),
    });
    const url = await publishInEditor(quiz.id);
    const host = await ui.browser.newPage();
    await host.setContent(`<h1>Partner blog</h1><iframe title="Quiz" src="${url}"></iframe>`);
    const frame = host.frameLocator('iframe[title="Quiz"]');
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
      .toBe('How big is your team?');
    const entries = await host.evaluate(() => history.length);
    await frame.getByRole('button', { name: 'Just me' }).click();
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).innerText()).toBe('Do you sell online?');
    expect(await host.evaluate(() => history.length)).toBe(entries);
    // Inside the frame the quiz's own Back button steps back.
    await frame.getByRole('button', { name: 'Back' }).click();
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
      .toBe('How big is your team?');
    expect(await host.evaluate(() => history.length)).toBe(entries);
    await host.close();
  });
});
