import type { Theme } from '@quizbeam/contracts/themes';
import { describe, expect, it } from 'vitest';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';

const server = sharedServer();

// Any Content-Security-Policy violation (the preview frame included) fails the test.
const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const rgbOf = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
};

/**
 * How the capture screen looks, from computed styles: in the preview frame (read through the editor's page,
 * which the same-origin sandbox lets in) or, without a frame title, in the page itself.
 */
function captureLook(frameTitle: string | null) {
  const frame = frameTitle
    ? document.querySelector<HTMLIFrameElement>(`iframe[title="${frameTitle}"]`)
    : null;
  const view = frame ? frame.contentWindow : window;
  const doc = frame ? frame.contentDocument : document;
  const card = doc?.querySelector('.qb-card');
  const title = doc?.querySelector('.qb-title');
  const submit = doc?.querySelector('button[type="submit"]');
  const input = doc?.querySelector('.qb-field input');
  if (!view || !doc || !card || !title || !submit || !input) return null;
  const style = (element: Element, pseudo?: string) => view.getComputedStyle(element, pseudo);
  const art = style(doc.body, '::before');
  return {
    framed: doc.documentElement.classList.contains('qb-framed'),
    pageBackground: style(doc.body).backgroundColor,
    art: `${art.content} ${art.backgroundImage.slice(0, 120)}`,
    cardBackground: style(card).backgroundColor,
    cardPadding: style(card).padding,
    cardRadius: style(card).borderRadius,
    textColor: style(card).color,
    titleColor: style(title).color,
    titleSize: style(title).fontSize,
    titleCase: style(title).textTransform,
    titleAlign: style(title).textAlign,
    font: style(card).fontFamily,
    buttonBackground: style(submit).backgroundColor,
    buttonColor: style(submit).color,
    buttonRadius: style(submit).borderRadius,
    buttonCase: style(submit).textTransform,
    fieldRadius: style(input).borderRadius,
  };
}

/** Read by the editor's page, which the same-origin sandbox lets in (no script ever runs in the frame). */
const previewText = (selector: string) =>
  ui.page.evaluate((selector) => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Capture form preview"]');
    return frame?.contentDocument?.querySelector(selector)?.textContent ?? null;
  }, selector);

describe('the Capture Form tab', () => {
  it('turns the form on, previews the texts as typed, and the published quiz asks for the lead with them', async () => {
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      },
      { title: 'Which dog are you?', startPage: { enabled: false } },
    );
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    await ui.page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    await ui.page.getByRole('switch', { name: 'Skippable' }).click();
    await ui.page.getByLabel('Header', { exact: true }).fill('Your dog is ready');
    await ui.page.getByLabel('Description', { exact: true }).fill('Where should we send your match?');
    await ui.page.getByLabel('Footer Note', { exact: true }).fill('One email a week, no more.');

    await expect.poll(() => previewText('h1')).toBe('Your dog is ready');
    expect(await previewText('.qb-text')).toBe('Where should we send your match?');
    expect(await previewText('.qb-note')).toBe('One email a week, no more.');
    expect(await previewText('button[data-action="skip"]')).toBe('Skip');
    // The page's stylesheet applies inside the frame: the submit button takes the theme's button colour.
    const themes = (await (await ui.page.request.get(`${server.appUrl}/api/themes`)).json()) as Theme[];
    const themeButton = themes.find((theme) => theme.id === quiz.theme)?.defaults.buttonBackgroundColor ?? '';
    const buttonColour = () =>
      ui.page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Capture form preview"]');
        const button = frame?.contentDocument?.querySelector('button[type="submit"]');
        return button && frame?.contentWindow
          ? frame.contentWindow.getComputedStyle(button).backgroundColor
          : null;
      });
    await expect.poll(buttonColour).toBe(rgbOf(themeButton));

    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const url = await publishInEditor(quiz.id);

    const visitor = await ui.browser.newPage();
    await visitor.goto(url);
    await expect.poll(() => heading(visitor).innerText()).toBe('Which walk do you like?');
    await answer(visitor, 'A long one');
    await expect.poll(() => heading(visitor).innerText()).toBe('Your dog is ready');
    expect(await visitor.locator('.qb-text').innerText()).toBe('Where should we send your match?');
    expect(await visitor.locator('.qb-note').innerText()).toBe('One email a week, no more.');
    expect(await visitor.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
    expect(await visitor.getByLabel('Name').isVisible()).toBe(true);
    const publishedColour = await visitor
      .locator('button[type="submit"]')
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(publishedColour).toBe(rgbOf(themeButton));
    await visitor.close();
  });

  it('previews the form as the published page shows it on a dark theme, at a phone’s and a desktop’s width', async () => {
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      },
      { title: 'Which dog are you?', startPage: { enabled: false }, theme: 'theme-7' },
    );
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    await ui.page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    await ui.page.getByLabel('Header', { exact: true }).fill('Your dog is ready');
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const url = await publishInEditor(quiz.id);

    for (const [device, viewport] of [
      ['Phone', { width: 390, height: 844 }],
      ['Desktop', { width: 1280, height: 800 }],
    ] as const) {
      const context = await ui.browser.newContext({ viewport });
      const visitor = await context.newPage();
      await visitor.goto(url);
      await answer(visitor, 'A long one');
      // The theme sets titles in capitals: the words as typed are the text, not what is drawn.
      await expect.poll(() => heading(visitor).textContent()).toBe('Your dog is ready');
      const published = await visitor.evaluate(captureLook, null);
      await context.close();
      expect(published?.cardBackground).toBe('rgba(0, 0, 0, 0)');
      expect(published?.textColor).toBe('rgb(245, 243, 255)');

      await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
      await ui.page
        .getByRole('group', { name: 'Preview width' })
        .getByRole('button', { name: device })
        .click();
      await expect
        .poll(() => ui.page.evaluate(captureLook, 'Capture form preview'), { timeout: 10_000 })
        .toEqual(published);
    }
  });
});
