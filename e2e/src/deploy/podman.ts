import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from '../aptInstall';

export const PODMAN_PATH = '/usr/bin/podman';

/**
 * What podman runs with on these machines: with crun a container fails to start ("setrlimit: Operation not
 * permitted"); runc on the vfs storage driver works. Every podman call of the deploy tests goes through
 * `podman()` below, which puts these first.
 */
export const ENGINE_FLAGS = ['--runtime', 'runc', '--storage-driver', 'vfs'] as const;

/** Without explicit limits a container fails to start ("setrlimit: Operation not permitted"): give them to every build and run. */
export const ENGINE_LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=4096:4096'] as const;

/** What `podman build` and `podman run` also need here: the host's network, and docker format so HEALTHCHECK survives. */
export const HOST_NETWORK = ['--network', 'host'] as const;
export const DOCKER_FORMAT = ['--format', 'docker'] as const;

export interface PodmanOptions {
  /**
   * Killed (and the promise rejected) after this long; 10 minutes unless told. Even a quick query can wait
   * minutes for the storage lock while another build commits a layer on vfs.
   */
  timeoutMs?: number;
  /** Written to podman's standard input, e.g. a tar stream for `podman import -`. */
  input?: string | Buffer | NodeJS.ReadableStream;
  /** Echo podman's output as it comes (long builds), besides keeping it. */
  echo?: boolean;
  /** Run through `flock LOCKFILE podman …`, e.g. so that two image builds never share the two cores. */
  lockFile?: string;
}

export interface PodmanResult {
  stdout: string;
  stderr: string;
}

export class PodmanError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** Runs `podman --runtime runc --storage-driver vfs ARGS`; rejects with everything it printed when it fails. */
export function podman(args: string[], options: PodmanOptions = {}): Promise<PodmanResult> {
  ensurePodman();
  const timeoutMs = options.timeoutMs ?? 600_000;
  const command = [PODMAN_PATH, ...ENGINE_FLAGS, ...args];
  const [program = PODMAN_PATH, ...programArgs] = options.lockFile
    ? ['flock', options.lockFile, ...command]
    : command;
  return new Promise<PodmanResult>((resolve, reject) => {
    const child = spawn(program, programArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const described = `podman ${args.join(' ')}`;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ stdout, stderr });
      const why = signal
        ? `was killed (${signal}) after ${timeoutMs / 1000} s at most`
        : `exited with ${code}`;
      reject(new PodmanError(`${described} ${why}:\n${tail(stderr || stdout)}`, code, stdout, stderr));
    });
    feed(child.stdin, options.input);
  });
}

function feed(stdin: NodeJS.WritableStream, input: PodmanOptions['input']): void {
  // A command that exits before reading all of its input (a failed import) must not crash the test with EPIPE.
  stdin.on('error', () => {});
  if (input === undefined) stdin.end();
  else if (typeof input === 'string' || Buffer.isBuffer(input)) stdin.end(input);
  else input.pipe(stdin);
}

function tail(text: string): string {
  return text.length > 4000 ? `…${text.slice(-4000)}` : text;
}

/** True when this image is in local storage; false rather than an error when it is not. */
export async function imageExists(name: string): Promise<boolean> {
  try {
    await podman(['image', 'exists', name]);
    return true;
  } catch (error) {
    if (error instanceof PodmanError && error.exitCode === 1) return false;
    throw error;
  }
}

/** Removes containers, volumes or images by name, ignoring those already gone: for a test's clean-up. */
export async function removeQuietly(kind: 'container' | 'volume' | 'image', names: string[]): Promise<void> {
  if (names.length === 0) return;
  // An image is never forced out: that would also remove containers of other tests still using it.
  const force = kind === 'image' ? [] : ['--force', ...(kind === 'container' ? ['--volumes'] : [])];
  try {
    await podman([kind, 'rm', ...force, ...names]);
  } catch (error) {
    if (!(error instanceof PodmanError)) throw error;
    console.log(`podman ${kind} rm: ${error.message}`);
  }
}

let checked = false;

/** Installs Debian's podman and runc when missing (as root, or through `sudo -n`), like ensureChromium. */
export function ensurePodman(): void {
  if (checked) return;
  if (!existsSync(PODMAN_PATH) || !existsSync('/usr/sbin/runc')) {
    console.log('podman or runc is missing: installing Debian’s podman and runc packages with apt-get…');
    aptInstall(['podman', 'runc']);
    if (!existsSync(PODMAN_PATH)) throw new Error(`apt-get finished but ${PODMAN_PATH} is still missing`);
  }
  checked = true;
}

/**
 * Holds `flock LOCKFILE` until the returned release is called: a `flock` child that waits on its standard
 * input, so the lock also ends when this process dies. Serialises work across test processes (two image
 * builds, or two makers of the same base image).
 */
export function holdLock(lockFile: string, timeoutMs = 1_800_000): Promise<() => Promise<void>> {
  const child = spawn('flock', [lockFile, 'sh', '-c', 'echo held; read _'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`waited ${timeoutMs / 1000} s for ${lockFile}`));
    }, timeoutMs);
    child.on('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`flock ${lockFile} exited with ${code} before holding it`)),
    );
    child.stdout.once('data', () => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      resolve(async () => {
        child.stdin.end();
        await exited;
      });
    });
  });
}
