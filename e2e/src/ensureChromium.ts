import { existsSync } from 'node:fs';
import { aptInstall } from './aptInstall';

export const CHROMIUM_PATH = '/usr/bin/chromium';

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

/** Installs Debian's Chromium when it is missing; Playwright's own browser download cannot work here. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log('Chromium is missing: installing Debian’s chromium package with apt-get…');
  aptInstall(['chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
}
