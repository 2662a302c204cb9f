import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1440, height: 900 } });
const { storedQuiz } = publishingHelpers(ui, () => server);

const isPanePage = (frame: Frame) =>
  new URL(frame.url(), 'http://x').pathname.endsWith('/quizzes/live-preview');

/** The pane's page (the frame the pane loaded), once it is there. */
async function paneFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some(isPanePage), { timeout: 10_000 }).toBe(true);
  return page.frames().find(isPanePage) as Frame;
}

/** The heading the pane shows now; null before its page and first screen are there. */
async function paneHeading(page: Page): Promise<string | null> {
  const frame = page.frames().find(isPanePage);
  if (!frame) return null;
  return frame
    .locator('#qb-screen h1')
    .textContent({ timeout: 1_000 })
    .catch(() => null);
}

describe('the live preview beside the editor', () => {
  it('follows typing without reloading, switches width, passes axe, hides and stays hidden', async () => {
    const { page } = ui;
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [
          { text: 'Pick a weekend', answers: [{ text: 'Beach' }, { text: 'Mountains' }] },
          { text: 'Pick a drink', answers: [{ text: 'Tea' }, { text: 'Coffee' }] },
        ],
        outcomes: ['The Explorer'],
      },
      { title: 'Which traveller are you?', startPage: { enabled: true } },
    );
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/questions`);
    await page.getByRole('button', { name: /^Question 2/ }).click();
    const pane = page.getByRole('complementary', { name: 'Live preview' });
    const iframe = pane.locator('iframe[title="Live preview"]');
    await expect.poll(() => paneHeading(page), { timeout: 10_000 }).toBe('Pick a drink');
    const frame = await paneFrame(page);
    expect(await frame.locator('#qb-status').textContent()).toBe('Question 2 of 2');
    await frame.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still this page';
    });

    // Typing: the pane follows, the focus stays in the field, the pane's page is the same one.
    const field = page.getByLabel('Question Text');
    await field.click();
    await field.press('End');
    await field.pressSequentially(' or a snack', { delay: 25 });
    await expect.poll(() => paneHeading(page)).toBe('Pick a drink or a snack');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await frame.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still this page',
    );

    // Other tabs: the start page on its own, the first screen elsewhere; still no reload.
    await page.getByRole('link', { name: 'Start Page' }).click();
    await expect.poll(() => paneHeading(page)).toBe('Which traveller are you?');
    expect(await frame.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still this page',
    );

    // Phone and Desktop: the page lays out at the device's width, drawn smaller to fit the pane.
    const devices = pane.getByRole('group', { name: 'Live preview device' });
    expect(await frame.evaluate(() => window.innerWidth)).toBe(390);
    await devices.getByRole('button', { name: 'Desktop' }).click();
    await expect.poll(() => frame.evaluate(() => window.innerWidth)).toBe(1280);
    const box = await iframe.boundingBox();
    const paneBox = await pane.boundingBox();
    expect(box && paneBox && box.width <= paneBox.width).toBe(true);

    // axe on the editor with the pane open, and on the pane's page itself.
    await page.getByRole('link', { name: 'Questions', exact: true }).click();
    await expect.poll(() => paneHeading(page)).toBe('Pick a weekend');
    // Each document on its own: the pane's page is another origin, which axe does not reach from the editor.
    expect(await axeViolations(page)).toEqual([]);
    expect(await axeViolations(frame)).toEqual([]);

    // Hidden: the frame goes, and the editor opened again on this device opens without it until shown.
    await pane.getByRole('switch', { name: 'Live preview' }).click();
    await iframe.waitFor({ state: 'detached' });
    const again = await page.context().newPage();
    await again.goto(`${server.appUrl}/quizzes/${quiz.id}/questions`);
    const toggle = again.getByRole('complementary', { name: 'Live preview' }).getByRole('switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await again.locator('iframe[title="Live preview"]').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => paneHeading(again), { timeout: 10_000 }).toBe('Pick a weekend');
  });
});
