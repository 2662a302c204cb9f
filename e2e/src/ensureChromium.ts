import { existsSync } from 'node:fs';
import { aptInstall } from './aptInstall';

/**
 * Debian's build of Chromium's headless shell, the engine Playwright itself runs headless tests in: the full
 * browser without its windowing layer. The journeys took a third less time and CPU in it than in
 * /usr/bin/chromium (the full browser in its new headless mode).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/** How every test and benchmark starts Chromium: as root in a container, with nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Installs it when it is missing; Playwright's own browser download cannot work here. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium is missing: installing Debian’s ${CHROMIUM_PACKAGE} package with apt-get…`);
  aptInstall([CHROMIUM_PACKAGE]);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
}
