// Opening the quiz editor's Configure tab with every theme card (an account with the extra themes: about
// 70 cards), in Chromium against the real server: the long tasks (over 50 ms, by the Long Tasks API) from
// the click on Configure until every card's picture has loaded, over 5 openings. Budget: no long task
// over 50 ms. The same is measured for the Start Page tab (a few fields) beside it, for scale.

import type { Page } from 'playwright-core';
import { ensureChromium } from '../e2e/src/ensureChromium';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { createAccount, launchBrowser, signIn } from '../e2e/src/support';

const OPENINGS = 5;
const LONG_TASK_BUDGET_MS = 50;

/** Clicks a tab of the editor and waits for `ready`; answers the long tasks in between, in ms. */
async function longTasksWhileOpening(page: Page, tab: string, ready: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const state = window as unknown as { __longTasks: number[]; __observer?: PerformanceObserver };
    state.__longTasks = [];
    state.__observer?.disconnect();
    state.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__longTasks.push(entry.duration);
    });
    state.__observer.observe({ type: 'longtask' });
  });
  await page.getByRole('link', { name: tab, exact: true }).click();
  await ready();
  // Let the idle-time batches and the pictures finish before reading the tasks.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
}

buildIfStale();
ensureChromium();
const server = await startServer();
const browser = await launchBrowser();
try {
  const { email } = await createAccount(server.dataDir, { password: 'bench-secret', extraTemplates: true });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, server.appUrl, email, 'bench-secret');
  const origin = new URL(server.appUrl).origin;
  const created = await page.request.post(`${server.appUrl}/api/quizzes`, {
    data: { name: 'Cards', type: 'general' },
    headers: { origin },
  });
  const { quizId } = (await created.json()) as { quizId: string };
  const themeCount = ((await (await page.request.get(`${server.appUrl}/api/themes`)).json()) as unknown[])
    .length;
  await page.goto(`${server.appUrl}/quizzes/${quizId}/start-page`);
  await page.getByRole('heading', { name: 'Start Page' }).waitFor();

  const cardsReady = async () => {
    await page.waitForFunction(
      (count) => {
        const pictures = [...document.querySelectorAll<HTMLImageElement>('img[src*="/ui/themes/"]')];
        return pictures.length >= count;
      },
      themeCount,
      { timeout: 20_000 },
    );
  };
  const startPageReady = () => page.getByRole('heading', { name: 'Start Page' }).waitFor();
  // The observer must see a task it is shown: an 80 ms busy loop, run the way a click handler would.
  const calibration = await longTasksWhileOpening(page, 'Start Page', async () => {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            const until = performance.now() + 80;
            while (performance.now() < until) {}
            resolve();
          }, 0);
        }),
    );
  });
  if (!calibration.some((task) => task >= 80)) throw new Error('the long task observer saw no 80 ms task');
  const configure: number[][] = [];
  const startPage: number[][] = [];
  for (let opening = 0; opening < OPENINGS; opening += 1) {
    configure.push(await longTasksWhileOpening(page, 'Configure', cardsReady));
    startPage.push(await longTasksWhileOpening(page, 'Start Page', startPageReady));
  }
  const describe = (runs: number[][]) =>
    runs
      .map((tasks) => (tasks.length === 0 ? 'none' : tasks.map((task) => task.toFixed(0)).join('+')))
      .join(', ');
  const worst = Math.max(0, ...configure.flat());
  console.log(`theme cards: ${themeCount}`);
  console.log(`long tasks opening Configure (ms, per opening): ${describe(configure)}`);
  console.log(`long tasks opening Start Page (ms, per opening): ${describe(startPage)}`);
  console.log(`worst long task opening Configure: ${worst.toFixed(0)} ms`);
  console.log(
    `ratio to the ${LONG_TASK_BUDGET_MS} ms budget: ${(worst / LONG_TASK_BUDGET_MS).toFixed(2)} (must be ≤ 1.00)`,
  );
  if (worst > LONG_TASK_BUDGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
