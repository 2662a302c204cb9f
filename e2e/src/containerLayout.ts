import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunCommand, Stage } from './dockerfileParser';

/*
 * No container engine runs on the development machine, so the image is checked by replaying its Dockerfile
 * (dockerfileParser.ts): the runtime stage's steps are carried out in a folder that stands for the image's
 * `/`, and its CMD started from there as the image would start it.
 */
/** The OS user the replay writes and runs as in place of the image's non-root USER; null: the current one. */
export interface Unprivileged {
  uid: number;
  gid: number;
}

/** `nobody` when the tests run as root (so the server runs without privileges, as in the image), else null. */
export function unprivilegedUser(): Unprivileged | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface ReplayedImage {
  /** The folder standing for the image's `/`. */
  root: string;
  /** The runtime stage's WORKDIR, on this machine: where CMD starts. */
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  volume: string | null;
  exposedPort: number | null;
  healthcheck: string[] | null;
  cmd: string[] | null;
  /** Every source the stage copied: `context` from the build context, `build` from the build stage's folder. */
  copied: { from: 'context' | 'build'; source: string }[];
  writableFolders: { folder: string; owner: string }[];
  npmInstalls: string[][];
  /** Each `npm pkg delete`: its keys and flags. */
  packageEdits: { keys: string[]; args: string[] }[];
  /** Each repository script the stage ran, in order. */
  scriptsRun: string[];
  /** Where a path of the image is on this machine. */
  hostPath(imagePath: string): string;
}

export interface ReplayOptions {
  /** The build context, and also the build stage's result: the repository after its own `npm run build`. */
  repoRoot: string;
  /** An empty folder to replay into. */
  root: string;
  unprivileged: Unprivileged | null;
  /** Added to each `npm ci` (e.g. --prefer-offline, so the replay uses the machine's npm cache). */
  npmExtraArgs: string[];
}

/** The environment npm runs under: npm's own per-run variables left out, so `npm ci` here acts as in the image. */
function npmEnvironment(imageEnv: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('npm_') || ['npm_config_cache', 'npm_config_registry'].includes(name),
  );
  return { ...Object.fromEntries(kept), ...imageEnv };
}

function runNpm(args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  try {
    execFileSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

/**
 * Carries out the stage named `stageName` in `options.root`: COPY from the build context and `--from=` the
 * build stage (both read from the repository, whose own build is the build stage's output), `npm pkg
 * delete`, `npm ci` and repository scripts for real, the writable folder given to the unprivileged user;
 * ENV, USER, VOLUME, EXPOSE, HEALTHCHECK and CMD
 * are recorded for the caller to start and check.
 */
export function replayStage(stages: Stage[], stageName: string, options: ReplayOptions): ReplayedImage {
  const stage = stages.find((candidate) => candidate.name === stageName);
  if (!stage) throw new Error(`The Dockerfile has no stage named ${stageName}`);
  const hostPath = (imagePath: string) => path.join(options.root, imagePath);
  const finalWorkdir = (of: Stage) =>
    of.instructions.reduce(
      (folder, instruction) => (instruction.kind === 'WORKDIR' ? instruction.folder : folder),
      '/',
    );
  const image: ReplayedImage = {
    root: options.root,
    workdir: hostPath('/'),
    env: {},
    user: null,
    volume: null,
    exposedPort: null,
    healthcheck: null,
    cmd: null,
    copied: [],
    writableFolders: [],
    npmInstalls: [],
    packageEdits: [],
    scriptsRun: [],
    hostPath,
  };
  let workdir = '/';
  const inImage = (target: string) => (target.startsWith('/') ? target : path.posix.join(workdir, target));

  const sourceOnHost = (from: string | null, source: string): string => {
    if (from === null) {
      if (source.startsWith('/')) throw new Error(`COPY ${source}: a build-context source must be relative`);
      image.copied.push({ from: 'context', source });
      return path.join(options.repoRoot, source);
    }
    const fromStage = stages.find((candidate) => candidate.name === from);
    if (!fromStage) throw new Error(`COPY --from=${from}: no such stage`);
    const base = `${finalWorkdir(fromStage).replace(/\/$/, '')}/`;
    if (!source.startsWith(base))
      throw new Error(`COPY --from=${from} ${source}: not under that stage's ${base}`);
    const relative = source.slice(base.length).replace(/\/$/, '');
    image.copied.push({ from: 'build', source: relative });
    return path.join(options.repoRoot, relative);
  };

  const runCommand = (command: RunCommand) => {
    const cwd = hostPath(workdir);
    switch (command.kind) {
      case 'npm run build':
        throw new Error('the replayed stage may not build: that is the build stage');
      case 'npm ci': {
        const args = [
          'ci',
          ...command.args,
          ...options.npmExtraArgs.filter((arg) => !command.args.includes(arg)),
        ];
        runNpm(args, cwd, npmEnvironment(image.env));
        image.npmInstalls.push(command.args);
        break;
      }
      case 'npm pkg delete':
        runNpm(['pkg', 'delete', ...command.keys, ...command.args], cwd, npmEnvironment(image.env));
        image.packageEdits.push({ keys: command.keys, args: command.args });
        break;
      case 'node script':
        // The image's node on the image's files: this Node, from the WORKDIR, as root (the files are root's).
        execFileSync(process.execPath, [command.script], {
          cwd,
          env: npmEnvironment(image.env),
          stdio: 'pipe',
        });
        image.scriptsRun.push(command.script);
        break;
      case 'writable folder':
        mkdirSync(hostPath(command.folder), { recursive: true });
        if (options.unprivileged)
          chownSync(hostPath(command.folder), options.unprivileged.uid, options.unprivileged.gid);
        image.writableFolders.push({ folder: command.folder, owner: command.owner });
        break;
    }
  };

  for (const instruction of stage.instructions) {
    switch (instruction.kind) {
      case 'WORKDIR':
        workdir = instruction.folder;
        mkdirSync(hostPath(workdir), { recursive: true });
        image.workdir = hostPath(workdir);
        break;
      case 'COPY': {
        const destination = inImage(instruction.destination);
        for (const source of instruction.sources) {
          const from = sourceOnHost(instruction.from, source);
          if (!existsSync(from))
            throw new Error(`COPY ${source}: ${from} does not exist (is the build done?)`);
          // As Docker does: a folder's contents go into the destination; a file goes into a destination ending in /.
          const target =
            statSync(from).isFile() && instruction.destination.endsWith('/')
              ? path.join(hostPath(destination), path.basename(from))
              : hostPath(destination);
          mkdirSync(path.dirname(target), { recursive: true });
          cpSync(from, target, { recursive: true });
        }
        break;
      }
      case 'RUN':
        for (const command of instruction.commands) runCommand(command);
        break;
      case 'ENV':
        Object.assign(image.env, instruction.variables);
        break;
      case 'USER':
        image.user = instruction.user;
        break;
      case 'VOLUME':
        image.volume = instruction.folder;
        break;
      case 'EXPOSE':
        image.exposedPort = instruction.port;
        break;
      case 'HEALTHCHECK':
        image.healthcheck = instruction.command;
        break;
      case 'CMD':
        image.cmd = instruction.command;
        break;
    }
  }
  return image;
}

/**
 * A command of the image (CMD, HEALTHCHECK, a CLI call) as a process on this machine: `node` is this Node,
 * and it runs as the unprivileged user when the tests run as root.
 */
export function imageCommand(command: string[], unprivileged: Unprivileged | null): [string, string[]] {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`The replay runs only node commands, not ${program}`);
  const node = [process.execPath, ...args];
  const asUser = unprivileged
    ? ['setpriv', `--reuid=${unprivileged.uid}`, `--regid=${unprivileged.gid}`, '--clear-groups', ...node]
    : node;
  return [asUser[0] ?? process.execPath, asUser.slice(1)];
}

/** Spawns an image command from the WORKDIR with exactly the given environment (plus PATH). */
export function spawnInImage(
  image: ReplayedImage,
  command: string[],
  env: Record<string, string>,
  unprivileged: Unprivileged | null,
): ChildProcess {
  const [program, args] = imageCommand(command, unprivileged);
  return spawn(program, args, {
    cwd: image.workdir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The package.json of a package in the image's node_modules, or null when it is not installed. */
export function installedPackage(image: ReplayedImage, name: string): { version: string } | null {
  const manifest = path.join(image.workdir, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }) : null;
}
