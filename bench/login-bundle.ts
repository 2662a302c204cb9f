// The JavaScript a first visit to /login downloads, measured in Chromium against the real server:
// every script response is counted, gzip-compressed here to compare with the 150 KB budget.
import { gzipSync } from 'node:zlib';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { launchBrowser } from '../e2e/src/support';

const BUDGET_KB = 150;
buildIfStale();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  const scripts: { url: string; gzipBytes: number; transferredEncoding: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      gzipBytes: gzipSync(body).length,
      transferredEncoding: response.headers()['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(`${server.appUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const totalKb = scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  for (const script of scripts.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(
      `${(script.gzipBytes / 1024).toFixed(2).padStart(8)} KB  ${script.url} (sent ${script.transferredEncoding})`,
    );
  }
  console.log(`${totalKb.toFixed(2).padStart(8)} KB  gzip total, ${scripts.length} requests`);
  console.log(`ratio to the ${BUDGET_KB} KB budget: ${(totalKb / BUDGET_KB).toFixed(2)} (must be ≤ 1.00)`);
  if (totalKb > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
