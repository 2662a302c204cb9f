import { createServer, type Server } from 'node:http';
import { inlineEmbedCode } from '@quizbeam/contracts/publishing';
import type { Theme } from '@quizbeam/contracts/themes';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chooseOption } from './editorSupport';
import { publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

const server = sharedServer();

const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

/** A 2400 × 1600 photo-like JPEG, large enough for every resized variant. */
const backgroundPhoto = () =>
  sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#1e3a8a',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** What the published page shows: computed styles, the fonts the browser has, the background it chose. */
async function lookOf(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.qb-btn');
    const title = document.querySelector<HTMLElement>('.qb-title');
    const background = document.querySelector<HTMLImageElement>('.qb-bg img');
    if (!button || !title) throw new Error('the page has no button or title');
    return {
      buttonBackground: getComputedStyle(button).backgroundColor,
      buttonFont: getComputedStyle(button).fontFamily,
      bodyFont: getComputedStyle(document.body).fontFamily,
      textColor: getComputedStyle(document.body).color,
      loraLoaded: document.fonts.check('16px "Lora"'),
      montserratLoaded:
        document.fonts.check('700 16px "Montserrat"') || document.fonts.check('16px "Montserrat"'),
      backgroundSource: background?.currentSrc ?? '',
      backgroundCovers: background ? background.getBoundingClientRect().width >= window.innerWidth : false,
    };
  });
}

/** How a quiz's start page looks, from computed styles, in whichever document this runs. */
function startPageLook() {
  const card = document.querySelector('.qb-card');
  const title = document.querySelector('.qb-title');
  const start = document.querySelector('[data-action="start"]');
  if (!card || !title || !start) return null;
  const style = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo);
  const art = style(document.body, '::before');
  return {
    framed: document.documentElement.classList.contains('qb-framed'),
    pageBackground: style(document.body).backgroundColor,
    art: `${art.content} ${art.backgroundImage.slice(0, 120)}`,
    cardBackground: style(card).backgroundColor,
    cardPadding: style(card).padding,
    cardRadius: style(card).borderRadius,
    cardShadow: style(card).boxShadow,
    titleColor: style(title).color,
    titleSize: style(title).fontSize,
    titleAlign: style(title).textAlign,
    buttonBackground: style(start).backgroundColor,
    buttonRadius: style(start).borderRadius,
  };
}

const rgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
};

describe('appearance', () => {
  it('picks a theme, changes fonts and colours, uploads a background, and the published page shows them', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      cta: 'Start the quiz',
      startPage: { enabled: true },
      outcomes: scoredOutcomes(),
    });
    const { page } = ui;
    const themes = (await (await page.request.get(`${server.appUrl}/api/themes`)).json()) as Theme[];
    const theme5 = themes.find((theme) => theme.name === 'Theme 5');
    if (!theme5) throw new Error('no Theme 5');

    // Configure: the theme cards, their preview, and Select.
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}`);
    await page.getByRole('button', { name: 'Preview Theme 5' }).click();
    const preview = page.frameLocator('iframe[title="Theme 5 preview"]');
    await expect
      .poll(() => preview.getByRole('heading', { level: 1 }).textContent())
      .toBe('What kind of weekend suits you best?');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Select Theme 5' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Selected Theme 5' }).count()).toBe(1);

    // Appearance: two fonts, a button colour, a background photo.
    await page.getByRole('link', { name: 'Appearance' }).click();
    await page.getByRole('combobox', { name: 'Font', exact: true }).click();
    await page.getByRole('option', { name: 'Lora', exact: true }).click();
    await chooseOption(page, page, 'Button Font', 'Montserrat');
    await page.getByRole('combobox', { name: 'Button Background Color' }).click();
    await page.getByRole('textbox', { name: 'Color code' }).fill('rgb(185, 28, 28)');
    await page.getByRole('textbox', { name: 'Color code' }).press('Enter');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Button Background Color' }).inputValue())
      .toBe('#b91c1c');
    await page.getByLabel('Background Image').setInputFiles({
      name: 'beach.jpg',
      mimeType: 'image/jpeg',
      buffer: await backgroundPhoto(),
    });
    await expect.poll(() => page.getByText('Upload complete.').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Quiz has been saved.').isVisible()).toBe(true);
    const url = await publishInEditor(quiz.id);

    // On a phone: the theme, the overrides, both fonts loaded, and a background no wider than it needs.
    const phone = await ui.browser.newContext({
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const visitor = await phone.newPage();
    await visitor.goto(url);
    const onPhone = await lookOf(visitor);
    expect(onPhone.buttonBackground).toBe('rgb(185, 28, 28)');
    expect(onPhone.bodyFont).toMatch(/^"?Lora"?,/);
    expect(onPhone.buttonFont).toMatch(/^"?Montserrat"?,/);
    expect(onPhone.loraLoaded).toBe(true);
    expect(onPhone.montserratLoaded).toBe(true);
    expect(onPhone.textColor).toBe(rgb(theme5.defaults.textColor));
    expect(onPhone.backgroundSource).toMatch(/\.w(640|960|1280)\.webp$/);
    expect(onPhone.backgroundCovers).toBe(true);
    await phone.close();

    // On a desktop: the same look, and the large background.
    const desktop = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const wide = await desktop.newPage();
    await wide.goto(url);
    const onDesktop = await lookOf(wide);
    expect(onDesktop.buttonBackground).toBe('rgb(185, 28, 28)');
    expect(onDesktop.bodyFont).toMatch(/^"?Lora"?,/);
    expect(onDesktop.backgroundSource).toMatch(/\.w1920\.webp$/);
    await desktop.close();
  });

  it('embeds the transparent theme so the host page shows through the frame', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'On the partner page',
      startPage: { enabled: true },
      cta: 'Go',
      outcomes: scoredOutcomes(),
      theme: 'black-white-transparent',
    });
    const url = await publishInEditor(quiz.id);
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><title>Partner</title><body style="margin:0;background:#ff8800"><div style="padding:40px">${inlineEmbedCode(url)}</div></body>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const address = host.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const visitor = await ui.browser.newPage({ viewport: { width: 800, height: 700 } });
      await visitor.goto(`http://localhost:${port}/`);
      const frame = visitor.frameLocator('iframe[title="Quiz"]');
      await expect
        .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
        .toBe('On the partner page');
      const box = await visitor.locator('iframe[title="Quiz"]').boundingBox();
      if (!box) throw new Error('the frame has no box');
      // A corner of the frame, outside the quiz's content: the host's orange, not a page colour of ours.
      const corner = await visitor.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: 4, height: 4 } });
      const { data } = await sharp(corner).raw().toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]]).toEqual([255, 136, 0]);
      await visitor.close();
    } finally {
      host.close();
    }
  });

  it('previews a full-bleed theme as its published page shows it, at a desktop’s and a phone’s width', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      cta: 'Start the quiz',
      startPage: { enabled: true },
      outcomes: scoredOutcomes(),
      theme: 'theme-7',
    });
    const url = await publishInEditor(quiz.id);
    const { page } = ui;
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}`);
    await page.getByRole('button', { name: 'Preview Theme 7' }).click();
    const dialog = page.getByRole('dialog', { name: 'Theme 7' });

    for (const [device, viewport] of [
      ['Desktop', { width: 1280, height: 800 }],
      ['Phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await ui.browser.newContext({ viewport });
      const visitor = await context.newPage();
      await visitor.goto(url);
      await visitor.locator('[data-action="start"]').waitFor();
      const published = await visitor.evaluate(startPageLook);
      await context.close();
      // A full-bleed theme: the page's own colour and art around the quiz, no card.
      expect(published?.cardBackground).toBe('rgba(0, 0, 0, 0)');
      expect(published?.framed).toBe(false);

      await dialog
        .getByRole('group', { name: 'Preview width' })
        .getByRole('button', { name: device })
        .click();
      const preview = () => page.frames().find((frame) => frame.url().includes('/theme/preview'));
      await expect.poll(async () => (await preview()?.locator('[data-action="start"]').count()) ?? 0).toBe(1);
      await expect
        .poll(async () => preview()?.evaluate(startPageLook), { timeout: 10_000 })
        .toEqual(published);
    }
  });
});
