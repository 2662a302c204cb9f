import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  requests: number;
}

function toMs(value: string): number {
  const match = value.match(/^([\d.]+)(us|ms|s)$/);
  if (!match?.[1]) return Number.NaN;
  const amount = Number(match[1]);
  return match[2] === 'us' ? amount / 1000 : match[2] === 's' ? amount * 1000 : amount;
}

/** Runs Debian's wrk (pinned to the given cores) and reads its summary. */
export async function wrk(
  url: string,
  options: { cpus: string; threads: number; connections: number; seconds: number; script?: string },
): Promise<WrkResult> {
  const args = [
    '-c',
    options.cpus,
    'wrk',
    '--latency',
    '-t',
    String(options.threads),
    '-c',
    String(options.connections),
  ];
  args.push('-d', `${options.seconds}s`);
  if (options.script) args.push('-s', options.script);
  args.push(url);
  const { stdout } = await run('taskset', args, { maxBuffer: 10 * 1024 * 1024 });
  const rps = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = stdout.match(/\s50%\s+([\d.]+\w+)/)?.[1] ?? '';
  const p99 = stdout.match(/\s99%\s+([\d.]+\w+)/)?.[1] ?? '';
  const non2xx = Number(stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const requests = Number(stdout.match(/(\d+) requests in/)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${stdout}`);
  return { requestsPerSecond: rps, latencyP50Ms: toMs(p50), latencyP99Ms: toMs(p99), non2xx, requests };
}

export async function ensureDebianTools(tools: { command: string; pkg: string }[]): Promise<void> {
  for (const { command, pkg } of tools) {
    try {
      await run('which', [command]);
    } catch {
      console.log(`installing ${pkg} from Debian's packages…`);
      await run('apt-get', ['install', '-y', pkg], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
  }
}
