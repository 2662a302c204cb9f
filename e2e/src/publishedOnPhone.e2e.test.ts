import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest, leadsOf } from './support';

const server = sharedServer();

const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

describe('a published quiz for every visitor', () => {
  it('works on a phone with the keyboard alone, and reads well to a screen reader', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      cta: 'Start the quiz',
      startPage: { enabled: true },
      outcomes: scoredOutcomes(),
      leadCaptureSettings: { ...buildQuiz(scoredSpec).quiz.leadCaptureSettings, enabled: true },
    });
    const url = await publishInEditor(quiz.id);
    const phone = await ui.browser.newContext({
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const visitor = await phone.newPage();
    await visitor.goto(url);
    const fitsTheScreen = () =>
      visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const focused = () =>
      visitor.evaluate(() => {
        const element = document.activeElement;
        return `${element?.tagName.toLowerCase()}: ${(element as HTMLElement | null)?.innerText ?? ''}`;
      });
    expect(await fitsTheScreen()).toBe(true);

    // Only the keyboard from here: Tab to a control, Enter or Space to use it.
    await visitor.keyboard.press('Tab');
    expect(await focused()).toBe('button: Start the quiz');
    await visitor.keyboard.press('Enter');
    // Each new screen moves the focus to its heading, which a screen reader then reads out.
    await expect.poll(focused).toBe('h1: How big is your team?');
    expect(await visitor.locator('main').ariaSnapshot()).toContain(
      [
        '- main:',
        '  - paragraph: Question 1 of 3',
        '  - region "How big is your team?":',
        '    - heading "How big is your team?" [level=1]',
        '    - group "How big is your team?":',
        '      - button "Ten or more"',
        '      - button "Just me"',
      ].join('\n'),
    );
    expect(await visitor.getByRole('paragraph').first().getAttribute('aria-live')).toBe('polite');
    const tapTargets = await visitor
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(Math.min(...tapTargets)).toBeGreaterThanOrEqual(44);
    expect(await fitsTheScreen()).toBe(true);

    await visitor.keyboard.press('Tab');
    expect(await focused()).toBe('button: Ten or more');
    await visitor.keyboard.press('Space');
    await expect.poll(focused).toBe('h1: Do you run paid ads?');
    // Ten or more skips a question; the total stays as shown.
    await expect.poll(() => visitor.locator('.qb-status').innerText()).toBe('Question 2 of 3');
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.press('Enter');
    await expect.poll(focused).toBe('h1: You’re All Done!');

    // A wrong email is announced and focused; typing 16 px text keeps phones from zooming in.
    const emailField = visitor.getByRole('textbox', { name: /email/i });
    expect(await emailField.evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.type('not-an-email');
    await visitor.keyboard.press('Enter');
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await focused()).toBe('input: ');
    const description = await emailField.getAttribute('aria-describedby');
    expect(await visitor.locator(`#${description}`).innerText()).not.toBe('');
    await visitor.keyboard.press('ControlOrMeta+A');
    await visitor.keyboard.type('grace@example.com');
    await visitor.keyboard.press('Enter');
    await expect.poll(focused).toBe('h1: Ready to grow: 5 of 5');
    expect(await fitsTheScreen()).toBe(true);
    expect((await leadsOf(server.dataDir, quiz.id)).map((lead) => lead.email)).toEqual(['grace@example.com']);
    await phone.close();
  });
});
