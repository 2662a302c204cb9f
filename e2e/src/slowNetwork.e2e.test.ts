import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support';

const appUrl = inject('appUrl');
const ui = freshPagePerTest();

/** 1.5 s from each request to its answer, 50 KB/s each way. */
const SLOW_NETWORK = {
  offline: false,
  latency: 1500,
  downloadThroughput: 50 * 1024,
  uploadThroughput: 50 * 1024,
};

interface PageMoment {
  spinner: boolean;
  form: boolean;
}

/** What the page showed after each change of its document, recorded from before its first byte. */
async function recordMoments(page: Page): Promise<() => Promise<PageMoment[]>> {
  await page.addInitScript(() => {
    const moments: PageMoment[] = [];
    const record = () => {
      const moment = {
        spinner: document.querySelector('[role="progressbar"]') !== null,
        form: document.querySelector('form') !== null,
      };
      const last = moments.at(-1);
      if (!last || last.spinner !== moment.spinner || last.form !== moment.form) moments.push(moment);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
    Object.assign(window, { pageMoments: moments });
  });
  return () => page.evaluate(() => (window as unknown as { pageMoments: PageMoment[] }).pageMoments);
}

/** At one instant: whether the spinner is painted, and which scripts and stylesheets have arrived. */
function snapshot(page: Page) {
  return page.evaluate(() => {
    const spinner = document.querySelector<HTMLElement>('[role="progressbar"] .spinner');
    const arrived = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\.(js|css)$/.test(path));
    return {
      spinnerShown: spinner?.checkVisibility({ visibilityProperty: true }) ?? false,
      // Its layout size (it turns, so its bounding box grows and shrinks).
      spinnerSize: spinner ? [spinner.offsetWidth, spinner.offsetHeight] : null,
      painted: performance.getEntriesByType('paint').some((entry) => entry.name === 'first-paint'),
      arrived,
      formShown: document.querySelector('form') !== null,
    };
  });
}

describe('the first visit on a slow network', () => {
  it('paints the spinner from the HTML before any script or stylesheet arrives, then shows the sign-in form', async () => {
    const { page } = ui;
    const moments = await recordMoments(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);

    const started = Date.now();
    await page.goto(`${appUrl}/login`, { waitUntil: 'commit' });
    await expect
      .poll(async () => (await snapshot(page)).painted, { timeout: 5_000, interval: 50 })
      .toBe(true);
    // Painted with only the HTML at hand: no script has arrived, so none has run, and no stylesheet either.
    expect(await snapshot(page)).toEqual({
      spinnerShown: true,
      spinnerSize: [48, 48],
      painted: true,
      arrived: [],
      formShown: false,
    });

    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15_000 });
    const usableAfterMs = Date.now() - started;
    // The page, then its files side by side: two round trips and about 70 KB (with eleven requests, some
    // waiting for others, it took about 10 s).
    expect(usableAfterMs).toBeLessThan(7_500);
    await expect(page.getByRole('progressbar', { name: 'Loading' }).count()).resolves.toBe(0);
    // The spinner stayed until the form replaced it: never gone and back, never both.
    const shown = await moments();
    const sinceTheRootFilled = shown.slice(shown.findIndex((moment) => moment.spinner || moment.form));
    expect(sinceTheRootFilled).toEqual([
      { spinner: true, form: false },
      { spinner: false, form: true },
    ]);
  });
});
