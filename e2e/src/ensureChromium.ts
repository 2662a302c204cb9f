import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command, ...rest] = [...asRoot, ...args];
    execFileSync(command ?? 'apt-get', rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
}
