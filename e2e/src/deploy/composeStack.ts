import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { aptInstall } from '../aptInstall';
import { repoRoot } from '../serverProcess';
import { ENGINE_FLAGS, ENGINE_LIMITS, PODMAN_PATH, PodmanError, podman } from './podman';

/**
 * compose.yaml brought up by podman-compose (Debian's 1.0.3), on top of deploy/compose.test.yaml.
 *
 * podman-compose rather than `podman play kube`: it reads compose.yaml itself, so the test runs the
 * operator's file; a Kubernetes manifest would be a second description of the stack that could drift from
 * it (podman 4.3 has no converter). What podman-compose 1.0.3 lacks, this helper does in its place and
 * nothing more:
 * - it creates networks without their `ipam` subnet: they are made here first, as compose.yaml describes;
 * - it orders services by `depends_on` but waits for no `condition: service_healthy`, and nothing runs
 *   health checks without systemd: `up` starts one tier at a time and runs the checks itself;
 * - it ignores `profiles`, so the worker starts whatever COMPOSE_PROFILES says (the test sets it anyway);
 * - `down` stops with a 1 s time-out: `stop -t 15` first, as `stop_grace_period` asks.
 */

const FILES = ['compose.yaml', 'deploy/compose.test.yaml', 'deploy/Caddyfile'];
const NETWORKS = ['backend', 'edge'];
const PODMAN_COMPOSE = '/usr/bin/podman-compose';

export type Service = 'postgres' | 'quizbeam' | 'worker' | 'caddy';

export interface ComposeStack {
  project: string;
  /** The host's address on the backend network: containers reach the test's helpers there. */
  backendGateway: string;
  /** Writes the project's .env (as an operator fills it in). */
  writeEnv(values: Record<string, string>): void;
  /** `up -d`, one tier at a time, each healthy before the next starts. */
  up(): Promise<void>;
  /** A graceful stop, then `down`: containers removed, volumes kept. */
  down(): Promise<void>;
  /** `podman-compose exec -T SERVICE COMMAND…`: what it printed; rejects when it fails. */
  exec(service: Service, command: string[]): Promise<string>;
  container(service: Service): string;
  /** The last lines the service's container printed. */
  logs(service: Service): Promise<string>;
  /** `down -v`, the networks and the project folder: everything but the images. */
  destroy(): Promise<void>;
}

/**
 * A project folder of its own holding copies of the real files (so that no .env in the working tree is
 * read), and the networks made. Leftovers of an earlier run of the same project are removed first.
 */
export async function createComposeStack(project: string): Promise<ComposeStack> {
  if (!existsSync(PODMAN_COMPOSE)) aptInstall(['podman-compose']);
  const folder = mkdtempSync(`/var/tmp/${project}-`);
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    copyFileSync(path.join(repoRoot, file), path.join(folder, file));
  }
  // Every podman call podman-compose makes gets the engine flags these machines need.
  const engine = path.join(folder, 'podman');
  writeFileSync(engine, `#!/bin/sh\nexec ${PODMAN_PATH} ${ENGINE_FLAGS.join(' ')} "$@"\n`);
  chmodSync(engine, 0o755);

  const compose = (args: string[], timeoutMs = 300_000) =>
    run(
      PODMAN_COMPOSE,
      [
        '--podman-path',
        engine,
        '--project-name',
        project,
        '--file',
        'compose.yaml',
        '--file',
        'deploy/compose.test.yaml',
        `--podman-run-args=${ENGINE_LIMITS.join(' ')}`,
        ...args,
      ],
      folder,
      timeoutMs,
      `podman-compose ${args.join(' ')}`,
    );
  const container = (service: Service) => `${project}_${service}_1`;

  await removeProject(project);
  const backendGateway = await createNetworks(
    project,
    edgeSubnet(readFileSync(path.join(folder, 'compose.yaml'), 'utf8')),
  );

  const stackLogs = async (service: Service) => {
    const logs = await podman(['logs', '--tail', '80', container(service)]).catch((error: Error) => ({
      stdout: error.message,
      stderr: '',
    }));
    return logs.stdout + logs.stderr;
  };
  const untilHealthy = async (service: Service, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await podman(['healthcheck', 'run', container(service)], { timeoutMs: 30_000 });
        return;
      } catch (error) {
        if (!(error instanceof PodmanError)) throw error;
        if (Date.now() > deadline) {
          throw new Error(
            `${service} is not healthy after ${timeoutMs / 1000} s:\n${await stackLogs(service)}`,
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const upTier = async (services: Service[]) => {
    const printed = await compose(['up', '-d', '--no-build', ...services]);
    const running = await podman([
      'ps',
      '--filter',
      `label=io.podman.compose.project=${project}`,
      '--format',
      '{{.Names}}',
    ]);
    const names = running.stdout.split('\n');
    const missing = services.filter((service) => !names.includes(container(service)));
    if (missing.length === 0) return;
    const logs = await Promise.all(
      missing.map(async (service) => `${service}:\n${await stackLogs(service)}`),
    );
    throw new Error(
      `not running after up: ${missing.join(', ')}\n${printed.slice(-3000)}\n${logs.join('\n')}`,
    );
  };

  return {
    project,
    backendGateway,
    writeEnv(values) {
      const lines = Object.entries(values).map(([name, value]) => `${name}=${value}`);
      writeFileSync(path.join(folder, '.env'), `${lines.join('\n')}\n`);
    },
    async up() {
      await upTier(['postgres']);
      await untilHealthy('postgres', 60_000);
      // The server applies the migrations at start; the worker and Caddy wait for it, as depends_on says.
      await upTier(['quizbeam']);
      await untilHealthy('quizbeam', 120_000);
      await upTier(['worker', 'caddy']);
      await untilHealthy('worker', 60_000);
    },
    async down() {
      await compose(['stop', '-t', '15']);
      await compose(['down']);
    },
    exec: (service, command) => compose(['exec', '-T', service, ...command], 120_000),
    container,
    logs: stackLogs,
    async destroy() {
      if (existsSync(path.join(folder, '.env'))) await compose(['down', '--volumes']).catch(() => undefined);
      await removeProject(project);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The edge network's subnet as compose.yaml gives it: INTERNAL_ALLOWED_ADDRESSES names it. */
function edgeSubnet(composeFile: string): string {
  const subnet = /^\s+-\s+subnet:\s*(\S+)\s*$/m.exec(composeFile)?.[1];
  if (!subnet) throw new Error('compose.yaml gives the edge network no subnet');
  return subnet;
}

async function createNetworks(project: string, subnet: string): Promise<string> {
  const labels = ['--label', `io.podman.compose.project=${project}`];
  await podman(['network', 'create', ...labels, `${project}_backend`]);
  await podman(['network', 'create', ...labels, '--subnet', subnet, `${project}_edge`]);
  const inspected = await podman(['network', 'inspect', `${project}_backend`]);
  const [network] = JSON.parse(inspected.stdout) as { subnets?: { gateway?: string }[] }[];
  const gateway = network?.subnets?.[0]?.gateway;
  if (!gateway) throw new Error(`no gateway on ${project}_backend:\n${inspected.stdout}`);
  return gateway;
}

/** Containers, volumes and networks of the project, from this run or an earlier one that was cut short. */
async function removeProject(project: string): Promise<void> {
  const label = `label=io.podman.compose.project=${project}`;
  const containers = await podman(['ps', '-a', '--filter', label, '--format', '{{.Names}}']);
  const names = containers.stdout.split('\n').filter(Boolean);
  if (names.length > 0) await podman(['rm', '--force', '--time', '5', ...names]);
  const volumes = await podman(['volume', 'ls', '--filter', label, '--format', '{{.Name}}']);
  const volumeNames = volumes.stdout.split('\n').filter(Boolean);
  if (volumeNames.length > 0) await podman(['volume', 'rm', '--force', ...volumeNames]);
  for (const network of NETWORKS) {
    await podman(['network', 'rm', '--force', `${project}_${network}`]).catch(() => undefined);
  }
}

function run(
  program: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  described: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // Only what podman-compose needs: the project's .env, not this shell's variables, fills compose.yaml.
    const env = {
      PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: process.env.HOME ?? '/root',
    };
    const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${described} exited with ${code}:\n${output.slice(-6000)}`));
    });
  });
}
