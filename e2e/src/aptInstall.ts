import { execFileSync } from 'node:child_process';

/**
 * `apt-get update` then `apt-get install -y --no-install-recommends PACKAGES`, as root or through `sudo -n`:
 * how the tests get the Debian packages a fresh machine lacks (Chromium, Caddy, podman and its tools).
 */
export function aptInstall(packages: string[]): void {
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [command = 'apt-get', ...rest] = [...asRoot, ...args];
    execFileSync(command, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}
