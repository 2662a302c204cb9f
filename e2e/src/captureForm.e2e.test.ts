import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest } from './support';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

// Any Content-Security-Policy violation (the preview frame included) fails the test.
const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

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
    // The player's stylesheet applies inside the frame: the submit button takes the quiz's button colour.
    const buttonColour = await ui.page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Capture form preview"]');
      const button = frame?.contentDocument?.querySelector('button[type="submit"]');
      return button && frame?.contentWindow
        ? frame.contentWindow.getComputedStyle(button).backgroundColor
        : null;
    });
    expect(buttonColour).toBe('rgb(79, 70, 229)');

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
    await visitor.close();
  });
});
