import { themeCatalog } from '@quizbeam/themes/themeCatalog';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, axeViolations } from './axe';
import {
  headingText,
  type PublishedQuiz,
  publishEveryScreenQuiz,
  visitorPage,
  walkQuiz,
} from './everyScreenQuiz';
import { sharedServer } from './sharedServer';
import { launchBrowser } from './support';

const server = sharedServer();
let browser: Browser;
let published: PublishedQuiz;

beforeAll(async () => {
  browser = await launchBrowser();
  published = await publishEveryScreenQuiz(browser, server, themeCatalog()[0]?.id ?? '');
});

afterAll(async () => {
  await browser?.close();
});

interface Focused {
  tag: string;
  type: string;
  name: string;
  /** A focus indicator of at least 2 px is drawn (on the control, or the face drawn for a hidden radio). */
  indicated: boolean;
}

function focusedOn(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    // A rating's radio is visually hidden: the face after it shows the focus.
    const drawn = element?.classList.contains('qb-sr') ? element.nextElementSibling : element;
    const style = drawn ? getComputedStyle(drawn) : null;
    const outlined = !!style && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    const label = element?.labels?.[0]?.innerText ?? '';
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      type: element?.type ?? '',
      name: `${element?.getAttribute('aria-label') ?? ''}${label}${element?.innerText ?? ''}`.trim(),
      indicated: outlined || (!!style && style.boxShadow !== 'none'),
    };
  });
}

/** The heading's text when the focus is on the screen's h1; otherwise what has it. */
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.tagName === 'H1' ? element.innerText : `not a heading: ${element?.tagName}`;
  });

/** What scrolls sideways, sticks out of the viewport or clips its text on the screen shown. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const named = (element: Element) =>
      `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('.qb-sr, [hidden], script, style, template, .qb-bg')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > root.clientWidth + 1 || box.left < -1) problems.push(`${named(element)} sticks out`);
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      const control = /^(INPUT|SELECT|TEXTAREA|OPTION)$/.test(element.tagName);
      const overflowing =
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      if (clips && !control && overflowing && element.innerText.trim())
        problems.push(`${named(element)} clips`);
    }
    return problems;
  });

describe('the published quiz by keyboard, with reduced motion, zoomed and right to left', () => {
  it('takes every question type and the capture form to the outcome, the focus on each new heading and always visible', async () => {
    const visitor = await visitorPage(browser, published.url, { viewport: { width: 1280, height: 800 } });
    const unindicated: string[] = [];
    /** Presses Tab (or Shift+Tab) until the focused control matches, noting any without a focus indicator. */
    const tabTo = async (matches: (focused: Focused) => boolean, key = 'Tab') => {
      for (let press = 0; press < 40; press++) {
        await visitor.keyboard.press(key);
        const focused = await focusedOn(visitor);
        if (focused.tag !== 'body' && !focused.indicated) unindicated.push(`${focused.tag} ${focused.name}`);
        if (matches(focused)) return;
      }
      throw new Error('Tab never reached the control.');
    };
    const next = () => tabTo(({ tag, name }) => tag === 'button' && name === 'Next');
    const newScreen = (heading: string) => expect.poll(() => focusedHeading(visitor)).toBe(heading);
    /** A question's message shows in its alert, and the focus is on the control to fix. */
    const refused = async (control: (focused: Focused) => boolean) => {
      const alert = visitor.getByRole('alert');
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await alert.innerText()).not.toBe('');
      expect(control(await focusedOn(visitor))).toBe(true);
    };

    // The consent bar comes first; answering it moves the focus to the quiz.
    await expect.poll(() => visitor.getByRole('region', { name: 'Cookie consent' }).isVisible()).toBe(true);
    await tabTo(({ name }) => name === 'Decline');
    await visitor.keyboard.press('Enter');
    await newScreen('How ready is your marketing?');
    await tabTo(({ name }) => name === 'Start the assessment');
    await visitor.keyboard.press('Enter');

    await newScreen('How big is your team?');
    await tabTo(({ name }) => name === 'Ten or more');
    // Back and forth: Shift+Tab reaches the answer before.
    await tabTo(({ name }) => name === 'Just me', 'Shift+Tab');
    await tabTo(({ name }) => name === 'Ten or more');
    await visitor.keyboard.press('Enter');

    await newScreen('Where do you work best?');
    await tabTo(({ tag, name }) => tag === 'button' && name.includes('A beach at noon'));
    await visitor.keyboard.press('Space');

    await newScreen('Which channels do you use?');
    await next();
    await visitor.keyboard.press('Enter');
    await refused(({ type }) => type === 'checkbox');
    await visitor.keyboard.press('Space');
    await tabTo(({ type, name }) => type === 'checkbox' && name.includes('Social'));
    await visitor.keyboard.press('Space');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('Pick your favourite places');
    await tabTo(({ type }) => type === 'checkbox');
    await visitor.keyboard.press('Space');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('How clear is your strategy?');
    await next();
    await visitor.keyboard.press('Enter');
    await refused(({ type }) => type === 'radio');
    // Arrows move the choice along the stars: from the first, three to the right is 4 of 5.
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowRight');
    await visitor.keyboard.press('ArrowRight');
    expect((await focusedOn(visitor)).indicated).toBe(true);
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('How likely are you to recommend us?');
    await tabTo(({ type }) => type === 'radio');
    for (let press = 0; press < 8; press++) await visitor.keyboard.press('ArrowRight');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('How many people see your ads?');
    await tabTo(({ type }) => type === 'range');
    await visitor.keyboard.press('End');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('How many tools do you use?');
    await next();
    await visitor.keyboard.press('Enter');
    await refused(({ type }) => type === 'number');
    await visitor.keyboard.type('3');
    await visitor.keyboard.press('Enter');

    await newScreen('Where are you based?');
    await tabTo(({ type }) => type === 'search');
    await visitor.keyboard.type('bel');
    await visitor.keyboard.press('ArrowDown');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('Anything else we should know?');
    await next();
    await visitor.keyboard.press('Enter');

    await newScreen('What is your role?');
    await next();
    await visitor.keyboard.press('Enter');
    await refused(({ tag }) => tag === 'input');
    await visitor.keyboard.type('Founder');
    await visitor.keyboard.press('Enter');

    // The capture form: its heading focused; sent empty, the focus goes to the first field, which names its message.
    await expect.poll(() => focusedHeading(visitor)).not.toMatch(/^not a heading/);
    expect(await headingText(visitor)).toBe(await focusedHeading(visitor));
    await tabTo(({ tag, name }) => tag === 'button' && name === 'Show My Results');
    await visitor.keyboard.press('Enter');
    await expect.poll(() => visitor.evaluate(() => document.activeElement?.id)).toBe('qb-name');
    const nameField = visitor.locator('#qb-name');
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    const message = visitor.locator(`#${await nameField.getAttribute('aria-describedby')}`);
    expect(await message.isVisible()).toBe(true);
    expect(await message.innerText()).not.toBe('');
    await visitor.keyboard.type('Grace Hopper');
    await tabTo(({ type }) => type === 'email');
    await visitor.keyboard.type('grace@example.com');
    await tabTo(({ type }) => type === 'tel');
    await visitor.keyboard.type('+44 20 7946 0958');
    await tabTo(({ tag }) => tag === 'select');
    await visitor.keyboard.press('ArrowDown');
    await visitor.keyboard.press('ArrowDown');
    await tabTo(({ type }) => type === 'checkbox');
    await visitor.keyboard.press('Space');
    await tabTo(({ tag, name }) => tag === 'button' && name === 'Show My Results');
    await visitor.keyboard.press('Enter');

    // The outcome: its heading focused (a screen reader reads it out), the status line a polite live region.
    await newScreen('Ready to grow');
    expect(await visitor.locator('#qb-status').getAttribute('aria-live')).toBe('polite');
    await tabTo(({ tag, name }) => tag === 'a' && name === 'Book a call');
    expect(unindicated).toEqual([]);
    await visitor.context().close();
  });

  it('stops its transitions for a visitor who asks for reduced motion', async () => {
    const visitor = await visitorPage(browser, published.url, { viewport: { width: 1280, height: 800 } });
    await visitor.getByRole('button', { name: 'Start the assessment' }).click();
    await expect.poll(() => headingText(visitor)).toBe('How big is your team?');
    const durations = () =>
      visitor.evaluate(() =>
        ['.qb-bar span', '.qb-answers .qb-btn'].map((selector) => {
          const element = document.querySelector(selector);
          return element ? getComputedStyle(element).transitionDuration : 'missing';
        }),
      );
    // The progress bar glides by default, which is what the visitor's setting turns off.
    expect((await durations())[0]).not.toBe('0s');
    await visitor.emulateMedia({ reducedMotion: 'reduce' });
    expect(await durations()).toEqual(['0s', '0s']);
    await visitor.context().close();
  });

  it('reflows at 320 CSS pixels and at 200% zoom: no screen scrolls sideways or clips its text', async () => {
    const sizes = [
      { viewport: { width: 320, height: 640 } },
      // 1280 × 800 at 200%: what the browser lays out is 640 × 400 CSS pixels at two device pixels each.
      { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
    ];
    const found: Record<string, string[]> = {};
    // Both sizes at once: each walk waits on the server much of the time.
    await Promise.all(
      sizes.map(async (size) => {
        const visitor = await visitorPage(browser, published.url, size);
        await walkQuiz(visitor, async (screen) => {
          const problems = await overflows(visitor);
          if (problems.length > 0) found[`${size.viewport.width} px: ${screen}`] = problems;
        });
        // The check can fail: a word too long for the screen is caught.
        await visitor.evaluate(() => {
          document
            .querySelector('h1')
            ?.insertAdjacentHTML('afterend', `<p style="white-space:nowrap">${'x'.repeat(200)}</p>`);
        });
        expect((await overflows(visitor)).length).toBeGreaterThan(0);
        await visitor.context().close();
      }),
    );
    expect(found).toEqual({});
  });

  it('reads right to left in Hebrew, accessible and reflowing on every screen at 320 CSS pixels', async () => {
    const hebrew = await publishEveryScreenQuiz(browser, server, themeCatalog()[0]?.id ?? '', {
      language: { code: 'he', useBrowserLanguage: false },
    });
    const visitor = await visitorPage(browser, hebrew.url, { viewport: { width: 320, height: 640 } });
    expect(
      await visitor.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['he', 'rtl']);
    const found: Record<string, AxeViolation[] | string[]> = {};
    await walkQuiz(visitor, async (screen) => {
      const violations = await axeViolations(visitor);
      if (violations.length > 0) found[screen] = violations;
      const problems = await overflows(visitor);
      if (problems.length > 0) found[`${screen}, reflow`] = problems;
    });
    expect(found).toEqual({});
    await visitor.context().close();
  });
});
