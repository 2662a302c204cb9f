// The JavaScript a first visit to /login downloads, measured in Chromium against the real server: every
// script response is counted, gzip-compressed here, and compared with the sign-in page's budget (size and
// requests); each must be announced by the page's HTML (its module script or a modulepreload link), so
// that none is found only once another has arrived.
import { gzipSync } from 'node:zlib';
import { SIGN_IN_PAGE_BUDGET } from '../apps/builder/src/signIn/signInBudget';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { launchBrowser } from '../e2e/src/support';

const KB = 1024;

/** The script and modulepreload addresses an HTML page names, as paths. */
function announcedScripts(html: string, pageUrl: string): Set<string> {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const announced = tags.flatMap((tag) => {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const address = tag.match(/\b(?:src|href)="([^"]+)"/)?.[1];
    return (isModuleScript || isPreload) && address ? [new URL(address, pageUrl).pathname] : [];
  });
  return new Set(announced);
}

buildIfStale();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts: { url: string; gzipBytes: number; transferredEncoding: string }[] = [];
  let stylesheetGzipBytes = 0;
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const gzipBytes = gzipSync(await response.body()).length;
    if (type === 'stylesheet') {
      stylesheetGzipBytes += gzipBytes;
      return;
    }
    scripts.push({
      url: new URL(response.url()).pathname,
      gzipBytes,
      transferredEncoding: response.headers()['content-encoding'] ?? 'identity',
    });
  });
  const loginUrl = `${server.appUrl}/login`;
  const document = await page.goto(loginUrl, { waitUntil: 'networkidle' });
  if (!document) throw new Error(`${loginUrl} gave no document`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const announced = announcedScripts(await document.text(), loginUrl);

  const totalBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const note = announced.has(script.url) ? '' : '  NOT ANNOUNCED BY THE HTML';
    console.log(
      `${(script.gzipBytes / KB).toFixed(2).padStart(8)} KB  ${script.url} (sent ${script.transferredEncoding})${note}`,
    );
  }
  const budgetKb = SIGN_IN_PAGE_BUDGET.gzipBytes / KB;
  const unannounced = scripts.filter((script) => !announced.has(script.url));
  console.log(`${(totalBytes / KB).toFixed(2).padStart(8)} KB  gzip total, ${scripts.length} requests`);
  console.log(`(stylesheets, not in the budget: ${(stylesheetGzipBytes / KB).toFixed(2)} KB gzip)`);
  console.log(
    `ratio to the ${budgetKb} KB budget: ${(totalBytes / SIGN_IN_PAGE_BUDGET.gzipBytes).toFixed(2)} (must be ≤ 1.00)`,
  );
  console.log(
    `ratio to the ${SIGN_IN_PAGE_BUDGET.requests}-request budget: ${(scripts.length / SIGN_IN_PAGE_BUDGET.requests).toFixed(2)} (must be ≤ 1.00)`,
  );
  console.log(`scripts the HTML does not announce: ${unannounced.length} (must be 0)`);
  if (
    totalBytes > SIGN_IN_PAGE_BUDGET.gzipBytes ||
    scripts.length > SIGN_IN_PAGE_BUDGET.requests ||
    unannounced.length > 0
  ) {
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
