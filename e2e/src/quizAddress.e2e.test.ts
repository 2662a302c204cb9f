import jsQR from 'jsqr';
import type { Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, publishingHelpers, scoredSpec } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { downloadedBytes, freshPagePerTest } from './support';

// A server of its own: the paths this journey takes are unique per host, and the shared server's host is shared.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz } = publishingHelpers(ui, () => server);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

/** Types the path, waits for the server to call it free, and saves it with Enter. */
async function chooseAddress(page: Page, path: string): Promise<void> {
  await page.getByLabel('Path').fill(path);
  await page.getByText('Available', { exact: true }).waitFor();
  await page.getByLabel('Path').press('Enter');
  await status(page, 'Address has been saved.');
}

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return {
    name: (download as Download).suggestedFilename(),
    bytes: await downloadedBytes(download as Download),
  };
}

describe('custom quiz addresses and QR codes', () => {
  it('publishes at a chosen path, moves it with the old one redirecting, and downloads its QR code', async () => {
    const quiz = await storedQuiz(scoredSpec, { title: 'Find your coffee', startPage: { enabled: true } });
    const { page } = ui;
    const firstUrl = `${server.publishUrl}/coffee-finder`;
    const movedUrl = `${server.publishUrl}/coffee-quiz`;

    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/publish`);
    await page.getByLabel('Path').fill('Admin');
    await page.getByText('That address is reserved. Please choose another.').waitFor();
    await chooseAddress(page, 'coffee-finder');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await status(page, 'Quiz has been published.');
    expect(await page.locator('.publish-tab__url').getAttribute('href')).toBe(firstUrl);

    const visitor = await ui.browser.newPage();
    await visitor.goto(firstUrl);
    await expect.poll(() => heading(visitor).innerText()).toBe('Find your coffee');

    await chooseAddress(page, 'coffee-quiz');
    await page.getByRole('link', { name: movedUrl }).waitFor();
    const redirect = await page.request.get(`${firstUrl}?utm_source=flyer`, { maxRedirects: 0 });
    expect([301, 302, 308]).toContain(redirect.status());
    expect(redirect.headers().location).toBe(`${movedUrl}?utm_source=flyer`);
    await visitor.goto(firstUrl);
    expect(visitor.url()).toBe(movedUrl);
    await expect.poll(() => heading(visitor).innerText()).toBe('Find your coffee');
    await visitor.close();

    // The QR code opens the address the quiz has now; the PNG is big enough to print.
    await page.getByRole('img', { name: `QR code of ${movedUrl}` }).waitFor();
    const png = await downloaded(page, 'Download PNG');
    expect(png.name).toBe('coffee-quiz-qr.png');
    expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const { data, info } = await sharp(png.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(1024);
    expect(info.height).toBe(info.width);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(movedUrl);

    const svg = await downloaded(page, 'Download SVG');
    expect(svg.name).toBe('coffee-quiz-qr.svg');
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"[^>]*>/);
    expect(text.trimEnd().endsWith('</svg>')).toBe(true);
  });
});
