import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Frame, Page } from 'playwright-core';

/*
 * The ad platforms' scripts, stood in for: a journey never reaches Google or Meta. Each stub does what the
 * journey needs to see of the real one: that it loaded, and (Meta's) which calls the page made, replayed
 * from the queue its stub kept, as fbevents.js does.
 */
const STUBS: Record<string, string> = {
  'gtm.js': 'window.__gtmLoaded = (window.__gtmLoaded || 0) + 1;',
  'gtag/js': 'window.__gtagLoaded = (window.__gtagLoaded || 0) + 1;',
  'fbevents.js': `(function () {
  var calls = (window.__fbqCalls = window.__fbqCalls || []);
  var fbq = window.fbq;
  fbq.callMethod = function () { calls.push(Array.prototype.slice.call(arguments)); };
  (fbq.queue || []).forEach(function (queued) { calls.push(Array.prototype.slice.call(queued)); });
  fbq.queue = [];
})();`,
};

/** Answers the platforms' script addresses with the stubs, in every page and frame of the context. */
export async function stubAdPlatforms(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  const fulfil =
    (kind: keyof typeof STUBS) => async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: STUBS[kind] });
    };
  await context.route('https://www.googletagmanager.com/gtm.js**', fulfil('gtm.js'));
  await context.route('https://www.googletagmanager.com/gtag/js**', fulfil('gtag/js'));
  await context.route('https://connect.facebook.net/**', fulfil('fbevents.js'));
  return requested;
}

/** The tags' view of a page or frame: its dataLayer (gtag's Arguments as arrays) and the calls Meta got. */
export function tagsSeenBy(target: Page | Frame) {
  return target.evaluate(() => {
    const page = window as unknown as { dataLayer?: unknown[]; __fbqCalls?: unknown[][] };
    const dataLayer = (page.dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    );
    return { dataLayer, fbq: page.__fbqCalls ?? [] };
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules on the page as it is now: the rules each violation breaks. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
    );
  });
}
