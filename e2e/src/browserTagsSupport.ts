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

/** The shared axe check, under the name this file's journeys import it by. */
