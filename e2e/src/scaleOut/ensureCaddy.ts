import { existsSync } from 'node:fs';
import { aptInstall } from '../aptInstall';

export const CADDY_PATH = '/usr/bin/caddy';

/**
 * Debian's Caddy, installed with apt-get when missing (as root, or through `sudo -n`), like ensureChromium.
 * Null when it cannot be had: the caller falls back to the small proxy in roundRobinProxy.ts.
 */
export function ensureCaddy(): string | null {
  if (existsSync(CADDY_PATH)) return CADDY_PATH;
  console.log('Caddy is missing: installing Debian’s caddy package with apt-get…');
  try {
    aptInstall(['caddy']);
  } catch (error) {
    console.log(`Caddy could not be installed (${(error as Error).message}); using the test's own proxy.`);
    return null;
  }
  return existsSync(CADDY_PATH) ? CADDY_PATH : null;
}
