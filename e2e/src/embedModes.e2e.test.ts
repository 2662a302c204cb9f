import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, embedCode } from '@quizbeam/contracts/embedCodes';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

/*
 * The embed script's windows on a marketer's own page: a popup opened by its button, a slide-in after a delay
 * and an exit-intent popup with a frequency cap. The page answers on `localhost`, another origin than the
 * published quiz (127.0.0.1), as an embedding site always is.
 */

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const TITLE = 'How ready are your ads?';
const FIRST_QUESTION = 'How big is your team?';
const OUTCOME = 'Getting started: 1 of 5';

let pages: Server;
let pagesUrl = '';
const codes = new Map<string, string>();

beforeAll(async () => {
  pages = createServer((request, response) => {
    const code = codes.get(request.url ?? '') ?? '';
    const text = '<p>Our article goes on, paragraph after paragraph.</p>'.repeat(30);
    response.writeHead(code ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Our blog</title><h1>Our blog</h1><a href="#more">Read more</a>${code}${text}</html>`,
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://localhost:${(pages.address() as AddressInfo).port}`;
});
afterAll(() => {
  pages?.closeAllConnections();
  pages?.close();
});

const options = (changes: Partial<EmbedOptions>): EmbedOptions => ({
  ...DEFAULT_EMBED_OPTIONS,
  title: TITLE,
  ...changes,
});

/** What has the focus in the page itself: the close button, the quiz's frame, or another element. */
const focusedIn = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (focused?.tagName === 'IFRAME') return 'quiz frame';
    if (focused === document.body) return 'body';
    return focused?.getAttribute('aria-label') ?? focused?.textContent ?? '';
  });

/** Whether the page beneath scrolls: `hidden` while a modal window is open. */
const pageOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((entry) => entry.event),
  );

describe('embed modes on a marketer’s page', () => {
  let quizUrl = '';
  let visitor: BrowserContext;

  it('publishes a quiz and previews its popup code in the Publish tab', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: TITLE,
      startPage: { enabled: false },
      outcomes: scoredOutcomes(),
    });
    quizUrl = await publishInEditor(quiz.id);
    const { page } = ui;
    await page.getByRole('group', { name: 'Embed As' }).getByRole('radio', { name: 'Popup' }).check();
    const code = await page.getByLabel('Popup Embed Code', { exact: true }).inputValue();
    expect(code).toBe(embedCode(quizUrl, options({ mode: 'popup' })));
    // The live preview runs the real script: its button opens the quiz in the preview's dialog.
    const preview = page.frameLocator('iframe[title="Embed preview"]');
    await preview.getByRole('button', { name: 'Take the quiz' }).click();
    await expect.poll(() => preview.getByRole('dialog', { name: TITLE }).isVisible()).toBe(true);
    const quizInPreview = preview.frameLocator(`iframe[title="${TITLE}"]`);
    await expect
      .poll(() => quizInPreview.getByRole('heading', { level: 1 }).innerText())
      .toBe(FIRST_QUESTION);
    await page.screenshot({ path: '/tmp/embed-modes-publish-tab.png', fullPage: false });
  });

  it('opens a popup from its button: focus inside and kept there, Escape closes, the quiz is answered', async () => {
    codes.set('/popup', embedCode(quizUrl, options({ mode: 'popup' })));
    visitor = await ui.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${pagesUrl}/popup`);
    const opener = page.getByRole('button', { name: 'Take the quiz' });
    await opener.waitFor();
    expect(await page.locator('iframe').count()).toBe(0);

    await opener.click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focusedIn(page)).toBe('Close quiz');
    expect(await pageOverflow(page)).toBe('hidden');
    const quiz = page.frameLocator(`iframe[title="${TITLE}"]`);
    await expect.poll(() => quiz.getByRole('heading', { level: 1 }).innerText()).toBe(FIRST_QUESTION);

    // Tab goes round the dialog, never to the page beneath (its button and link). Leaving the quiz's frame,
    // the focus passes through the page's body for a moment: the next stop is what counts.
    const seen = new Set<string>();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedIn(page)).not.toBe('body');
      seen.add(await focusedIn(page));
    }
    expect([...seen].sort()).toEqual(['Close quiz', 'quiz frame']);
    await page.getByRole('button', { name: 'Close quiz' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn(page)).toBe('quiz frame');

    await page.getByRole('button', { name: 'Close quiz' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedIn(page)).toBe('Take the quiz');
    expect(await pageOverflow(page)).toBe('visible');

    await opener.click();
    for (const choice of ['Just me', 'Yes, mostly', 'Never'])
      await quiz.getByRole('button', { name: choice, exact: true }).click();
    await expect.poll(() => quiz.getByRole('heading', { level: 1 }).innerText()).toBe(OUTCOME);
    await expect.poll(() => dataLayerEvents(page)).toContain('quizbeam_quiz_complete');
    expect((await dataLayerEvents(page)).slice(0, 3)).toEqual([
      'quizbeam_embed_open',
      'quizbeam_quiz_view',
      'quizbeam_quiz_start',
    ]);
    await page.screenshot({ path: '/tmp/embed-modes-popup-1280.png' });
    await page.close();
  });

  it('slides a quiz in from the corner after a second, without taking the focus', async () => {
    codes.set(
      '/slide-in',
      embedCode(quizUrl, options({ mode: 'slide-in', trigger: 'delay', delaySeconds: 1 })),
    );
    const page = await visitor.newPage();
    await page.goto(`${pagesUrl}/slide-in`);
    const region = page.getByRole('region', { name: TITLE });
    await expect.poll(() => region.isVisible(), { timeout: 5000 }).toBe(true);
    expect(await region.getAttribute('aria-modal')).toBeNull();
    expect(await focusedIn(page)).not.toBe('Close quiz');
    const box = await region.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1200);
    await page.screenshot({ path: '/tmp/embed-modes-slide-in-1280.png' });
    await page.getByRole('button', { name: 'Close quiz' }).click();
    await expect.poll(() => region.isVisible()).toBe(false);
    await page.close();
  });

  it('opens an exit-intent popup when the mouse leaves the top, and not again on the next visit', async () => {
    codes.set('/exit', embedCode(quizUrl, options({ mode: 'popup', trigger: 'exit', capDays: 7 })));
    const page = await visitor.newPage();
    await page.goto(`${pagesUrl}/exit`);
    const dialog = page.getByRole('dialog', { name: TITLE });
    await page.mouse.move(640, 400);
    await page.mouse.move(640, 200);
    expect(await dialog.isVisible()).toBe(false);
    await leaveThroughTheTop(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const pausedUntil = await page.evaluate(
      (quiz) => Number(localStorage.getItem(`quizbeam-cap:${quiz}`)),
      quizUrl,
    );
    expect(pausedUntil - Date.now()).toBeGreaterThan(6.9 * 864e5);

    await page.reload();
    await page.mouse.move(640, 400);
    await leaveThroughTheTop(page);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(false);
    await page.close();
  });

  it('makes the popup nearly full screen on a phone', async () => {
    const phone = await ui.browser.newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await page.goto(`${pagesUrl}/popup`);
    await page.getByRole('button', { name: 'Take the quiz' }).click();
    // boundingBox() does not wait: the loader draws the dialog a moment after the click.
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect.poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThan(340);
    expect((await dialog.boundingBox())?.height).toBeGreaterThan(600);
    const quiz = page.frameLocator(`iframe[title="${TITLE}"]`);
    await expect.poll(() => quiz.getByRole('heading', { level: 1 }).innerText()).toBe(FIRST_QUESTION);
    await page.screenshot({ path: '/tmp/embed-modes-popup-360.png' });
    await phone.close();
    await visitor.close();
  });
});

/** The mouse leaves the page through its top edge, as toward the browser's tabs or address bar. */
async function leaveThroughTheTop(page: Page) {
  await page.mouse.move(640, 5);
  await page.mouse.move(640, -20);
}
