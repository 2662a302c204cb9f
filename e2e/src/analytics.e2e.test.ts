import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, heading, publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { downloadedBytes, freshPagePerTest } from './support';

const server = sharedServer();

const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

/**
 * The visitors' browsers: left open after their tab closes, as a visitor's browser is. Closing a context
 * cancels its requests in flight, the last batch of events among them.
 */
const visitorBrowsers: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(visitorBrowsers.splice(0).map((context) => context.close()));
});

/** A visitor in their own browser context: answers in order, and closes the tab at the end. */
async function visit(url: string, answers: string[], expectedLast: string) {
  const context = await ui.browser.newContext();
  visitorBrowsers.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Start the quiz' }).click();
  for (const text of answers) await answer(page, text);
  await expect.poll(() => heading(page).innerText()).toContain(expectedLast);
  // Leaving sends what the page still holds (pagehide), as a visitor closing the tab does.
  await page.close();
}

const figureOf = (scope: Locator | Page, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('analytics', () => {
  it('shows what visitors did down different paths, the daily chart, and the responses CSV', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready is your funnel?',
      cta: 'Start the quiz',
      startPage: { enabled: true },
      outcomes: scoredOutcomes(),
    });
    const url = `${await publishInEditor(quiz.id)}?utm_source=newsletter&utm_campaign=spring`;

    // Two paths to the last question, and a visitor who leaves on the question only one path shows.
    await visit(url, ['Just me', 'Yes, mostly', 'Every month'], 'Ready to grow');
    await visit(url, ['Ten or more', 'Never'], 'Ready to grow');
    await visit(url, ['Just me'], 'Do you sell online?');

    const { page } = ui;
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/analytics`);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Last 7 days' }).click();
          return figureOf(page, 'Visitors').innerText();
        },
        // The event writer's batches land within seconds, later on a CI machine running two journeys at once.
        { timeout: 40_000, interval: 1_000 },
      )
      .toBe('3');
    expect(await figureOf(page, 'Completions').innerText()).toBe('2');
    expect(await figureOf(page, 'Leads').innerText()).toBe('0');
    expect(await figureOf(page, 'Completion rate').innerText()).toBe('66.7%');

    // Drop-off that follows branching: the second question was shown to two of the three visitors.
    const second = page.getByRole('article', { name: 'Do you sell online?' });
    expect(await figureOf(second, 'Reached').innerText()).toBe('2');
    expect(await figureOf(second, 'Left').innerText()).toBe('1');
    expect(await figureOf(second, 'Drop-off').innerText()).toBe('50.0%');
    const last = page.getByRole('article', { name: 'Do you run paid ads?' });
    expect(await figureOf(last, 'Reached').innerText()).toBe('2');
    expect(await figureOf(last, 'Left').innerText()).toBe('0');
    expect(await page.getByRole('list', { name: 'Answers to How big is your team?' }).innerText()).toContain(
      '2 · 66.7%',
    );

    // The chart is drawn.
    await page.locator('.analytics-chart canvas').first().waitFor();
    expect(await page.locator('.analytics-chart canvas').count()).toBeGreaterThan(0);

    // The responses CSV: one row per visit that started, with its answers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Responses' }).click(),
    ]);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('How big is your team?');
    expect(csv).toContain('Yes, mostly');
    expect(csv).toContain('Never');
    expect(csv).toContain('newsletter');
  });
});
