import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureNodeBaseImage } from './nodeBaseImage';
import { DOCKER_FORMAT, ENGINE_LIMITS, HOST_NETWORK, podman } from './podman';

/** The image the deploy tests build from the Dockerfile: a test-only name, never pushed anywhere. */
export const QUIZBEAM_IMAGE = 'localhost/quizbeam-test:latest';

/** Image builds on two shared cores take minutes each; two at once would take longer than one after another. */
export const BUILD_LOCK = '/tmp/podman-build.lock';

/**
 * `podman build` of `sourceDir`'s Dockerfile, on the local stand-in for node:20-bookworm-slim (its NODE_IMAGE
 * build argument), in docker format so that the HEALTHCHECK is kept; resolves with `name`. Without
 * intermediate layers: on vfs each one is a full copy of the build's node_modules.
 */
export async function buildQuizbeamImage(sourceDir: string, name = QUIZBEAM_IMAGE): Promise<string> {
  const base = await ensureNodeBaseImage();
  const started = Date.now();
  await podman(
    [
      'build',
      ...DOCKER_FORMAT,
      ...HOST_NETWORK,
      ...ENGINE_LIMITS,
      '--layers=false',
      '--build-arg',
      `NODE_IMAGE=${base}`,
      '--tag',
      name,
      sourceDir,
    ],
    { lockFile: BUILD_LOCK, timeoutMs: 40 * 60_000, echo: process.env.QUIZBEAM_DEPLOY_VERBOSE === '1' },
  );
  console.log(
    `${name} built from ${sourceDir} in ${Math.round((Date.now() - started) / 1000)} s (waiting for the build lock included)`,
  );
  return name;
}

export interface SourceClone {
  dir: string;
  /** The commit it holds. */
  commit: string;
  remove(): void;
}

/**
 * A clean clone of the repository this test runs in, at its HEAD commit, as an operator would build it:
 * nothing uncommitted, ignored or installed comes along. QUIZBEAM_DEPLOY_WITH_UNCOMMITTED=1 adds the
 * working tree's uncommitted changes (modified and new files, not ignored ones), to try a change before
 * committing it.
 */
export function cleanClone(): SourceClone {
  const git = (args: string[], cwd: string) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  const repository = git(['rev-parse', '--show-toplevel'], process.cwd());
  const dir = mkdtempSync('/var/tmp/quizbeam-clone-');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repository, dir]);
  if (process.env.QUIZBEAM_DEPLOY_WITH_UNCOMMITTED === '1') copyUncommitted(repository, dir, git);
  return {
    dir,
    commit: git(['rev-parse', 'HEAD'], dir),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function copyUncommitted(from: string, to: string, git: (args: string[], cwd: string) => string): void {
  const changed = git(['ls-files', '--modified', '--others', '--exclude-standard'], from)
    .split('\n')
    .filter((file) => file !== '');
  for (const file of changed) {
    const source = path.join(from, file);
    if (!existsSync(source)) continue;
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(source, path.join(to, file));
  }
  const deleted = git(['ls-files', '--deleted'], from)
    .split('\n')
    .filter((file) => file !== '');
  for (const file of deleted) rmSync(path.join(to, file), { force: true });
}
