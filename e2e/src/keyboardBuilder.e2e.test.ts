import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from './sharedServer';
import { createAccount, launchBrowser } from './support';

const server = sharedServer();
const PASSWORD = 'secret-one';

let page: Page;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  const browser = await launchBrowser();
  closeBrowser = () => browser.close();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1200 } });
  page = await context.newPage();
});

afterAll(async () => {
  await closeBrowser();
});

interface Focused {
  tag: string;
  name: string;
  /** The name of the nearest enclosing region (an answer card, an item's settings). */
  region: string;
  /** Whether an outline or a shadow (on the element, the card it covers or its box) shows where focus is. */
  indicated: boolean;
}

/** What has focus now, and whether it is visibly marked. */
function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: '', name: '', region: '', indicated: true };
    const labels = (element as HTMLInputElement).labels;
    const name = (
      element.getAttribute('aria-label') ??
      labels?.[0]?.innerText ??
      element.innerText ??
      ''
    ).trim();
    const marks = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    return {
      tag: element.tagName.toLowerCase(),
      name,
      region: element.closest('section[aria-label]')?.getAttribute('aria-label') ?? '',
      // A field drawn as one box with its neighbours (the address's host and path) marks that box instead.
      indicated:
        marks(getComputedStyle(element)) ||
        marks(getComputedStyle(element, '::after')) ||
        (element.parentElement !== null && marks(getComputedStyle(element.parentElement))),
    };
  });
}

const unmarked = new Set<string>();

/**
 * Presses Tab (or Shift+Tab) until the focused element is the one `matches` describes; every control passed
 * on the way must show a focus indicator.
 */
async function tabTo(matches: (element: Focused) => boolean, { backwards = false, presses = 80 } = {}) {
  const passed: string[] = [];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    let now = await focused();
    if (!now.indicated) {
      // A mark drawn by the app a moment after focus moved (a framed page's edge) counts too.
      await expect
        .poll(async () => (await focused()).indicated, { timeout: 1_000 })
        .toBe(true)
        .catch(() => undefined);
      now = await focused();
    }
    if (!now.indicated) unmarked.add(`${now.tag} "${now.name}"`);
    if (matches(now)) return;
    passed.push(`${now.tag} "${now.name}"`);
  }
  throw new Error(`Tab never reached the control; it passed ${passed.join(', ')}`);
}

const named =
  (name: string, tag?: string) =>
  (element: Focused): boolean =>
    element.name === name && (tag === undefined || element.tag === tag);

const answerTexts = () =>
  page
    .getByRole('region', { name: /^Answer \d+$/ })
    .getByLabel('Text')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** What dnd-kit's live regions (one per list) say to screen readers now. */
const dragAnnouncement = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')]
      .map((region) => region.textContent ?? '')
      .filter((text) => text !== '')
      .join(' | '),
  );

describe('building a quiz with the keyboard alone', () => {
  it('signs in, creates a quiz, adds and reorders answers, adds an outcome and publishes, with focus always shown', async () => {
    // Less motion when asked: the builder's transitions end at once.
    await page.goto(`${server.appUrl}/login`);
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    const transition = () => signInButton.evaluate((button) => getComputedStyle(button).transitionDuration);
    expect(await transition()).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await transition()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    const { email } = await createAccount(server.dataDir, { password: PASSWORD });
    await tabTo(named('Email'));
    await page.keyboard.type(email);
    await tabTo(named('Password'));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.appUrl}/`);

    await tabTo(named('New Quiz', 'a'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.appUrl}/quizzes/new`);
    await tabTo(named('Quiz Name'));
    await page.keyboard.type('Keyboard quiz');
    await tabTo(named('Scored', 'button'));
    await page.keyboard.press('Enter');
    await tabTo(named('Create From Scratch', 'button'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
    const editorUrl = page.url();

    await tabTo(named('Questions', 'a'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${editorUrl}/questions`);
    await tabTo(named('Add Question', 'button'));
    await page.keyboard.press('Enter');
    await tabTo(named('Question Text'));
    await page.keyboard.type('Which colour do you like?');
    for (const [index, text] of ['Red', 'Green', 'Blue'].entries()) {
      await tabTo(named('Add Answer', 'button'));
      await page.keyboard.press('Enter');
      await tabTo((element) => element.name === 'Text' && element.region === `Answer ${index + 1}`, {
        backwards: true,
      });
      await page.keyboard.type(text);
    }
    expect(await answerTexts()).toEqual(['Red', 'Green', 'Blue']);

    // dnd-kit's keyboard drag: Space picks the third answer up, the arrow moves it, Space drops it.
    await tabTo((element) => element.name === 'Drag to reorder' && element.region === 'Answer 3');
    await page.keyboard.press('Space');
    await expect.poll(dragAnnouncement).toBe('Picked up Answer 3, at position 3 of 3.');
    // dnd-kit listens for the arrows only from the task after the pick-up, which may follow its announcement.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowUp');
    await expect.poll(dragAnnouncement).toBe('Answer 3 is over position 2 of 3.');
    await page.keyboard.press('Space');
    await expect.poll(dragAnnouncement).toBe('Answer 3 was dropped at position 2 of 3.');
    await expect.poll(answerTexts).toEqual(['Red', 'Blue', 'Green']);

    // Move up: the same step without dragging; focus stays on the moved answer's button.
    await tabTo(named('Move Answer 2 up', 'button'));
    await page.keyboard.press('Enter');
    await expect.poll(answerTexts).toEqual(['Blue', 'Red', 'Green']);
    expect((await focused()).name).toBe('Move Answer 1 down');
    await page.getByText('Answer 2 moved to position 1 of 3.').waitFor({ state: 'attached' });

    await tabTo(named('Outcomes', 'a'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${editorUrl}/outcomes`);
    await tabTo(named('Add Outcome', 'button'));
    await page.keyboard.press('Enter');
    await tabTo(named('Title'));
    await page.keyboard.type('Colourful');
    await tabTo(named('Score From'));
    await page.keyboard.type('0');
    await tabTo(named('Score To'));
    await page.keyboard.type('10');

    await tabTo(named('Publish', 'a'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${editorUrl}/publish`);
    await tabTo(named('Publish', 'button'));
    await page.keyboard.press('Enter');
    await page.getByText('Quiz has been published.').waitFor();
    const url = (await page.locator('.publish-tab__url').getAttribute('href')) ?? '';
    const published = await page.request.get(url);
    expect(published.status()).toBe(200);
    expect(await published.text()).toContain('Which colour do you like?');

    expect([...unmarked]).toEqual([]);
  });
});
