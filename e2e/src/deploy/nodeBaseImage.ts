import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { aptInstall } from '../aptInstall';
import { holdLock, imageExists, podman } from './podman';

/**
 * The stand-in for `node:20-bookworm-slim`: no image registry is reachable here. A test-only name, so that
 * it is never taken for the public image; the Dockerfile gets it through its NODE_IMAGE build argument.
 */
export const NODE_BASE_IMAGE = 'localhost/quizbeam-test-node:20';

const DEBOOTSTRAP_PATH = '/usr/sbin/debootstrap';
const LOCK_FILE = '/tmp/quizbeam-test-node-image.lock';
const FALLBACK_MIRROR = 'http://deb.debian.org/debian';
/** Raised whenever the recipe below changes, so that an image made by an older one is made again. */
const RECIPE_LABEL = 'quizbeam.test-node-recipe';
const RECIPE = '3';

/**
 * Makes NODE_BASE_IMAGE once and keeps it (later calls only check that it is there): a minimal Debian
 * bookworm from debootstrap, this machine's Node 20 and npm in /usr/local as in the official image, the
 * `node` user and group (1000), and this machine's CA bundle with a global npmrc naming it, since npm's
 * registry is reached through a proxy only that bundle trusts.
 */
export async function ensureNodeBaseImage(): Promise<string> {
  if (await isCurrent()) return NODE_BASE_IMAGE;
  const release = await holdLock(LOCK_FILE);
  try {
    // Another test process may have made it while this one waited for the lock.
    if (await isCurrent()) return NODE_BASE_IMAGE;
    await makeNodeBaseImage();
    return NODE_BASE_IMAGE;
  } finally {
    await release();
  }
}

/** Whether NODE_BASE_IMAGE is there and made by this recipe; an older one keeps serving what was built on it. */
async function isCurrent(): Promise<boolean> {
  if (!(await imageExists(NODE_BASE_IMAGE))) return false;
  const { stdout } = await podman([
    'image',
    'inspect',
    '--format',
    `{{index .Labels "${RECIPE_LABEL}"}}`,
    NODE_BASE_IMAGE,
  ]);
  return stdout.trim() === RECIPE;
}

async function makeNodeBaseImage(): Promise<void> {
  const node = machineNode();
  const cafile = machineCaFile();
  if (!existsSync(DEBOOTSTRAP_PATH)) aptInstall(['debootstrap']);
  const started = Date.now();
  // On disk rather than in a tmpfs /tmp: the root filesystem is a few hundred megabytes.
  const root = mkdtempSync('/var/tmp/quizbeam-test-node-');
  // The folder becomes the image's `/`: mkdtemp's 0700 would keep the node user out of everything.
  chmodSync(root, 0o755);
  try {
    console.log(`Making ${NODE_BASE_IMAGE} with debootstrap into ${root}…`);
    execFileSync(DEBOOTSTRAP_PATH, ['--variant=minbase', 'bookworm', root, debianMirror()], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 600_000,
    });
    installNode(root, node);
    execFileSync('chroot', [root, 'groupadd', '--gid', '1000', 'node']);
    execFileSync('chroot', [
      root,
      'useradd',
      '--uid',
      '1000',
      '--gid',
      'node',
      '--shell',
      '/bin/bash',
      '--create-home',
      'node',
    ]);
    trustMachineCertificates(root, cafile);
    slimDown(root);
    await importFolder(root);
    console.log(`${NODE_BASE_IMAGE} made in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * What makes Debian's `slim` images slim (and so node:20-bookworm-slim): no documentation, manual pages or
 * translations, now or from packages installed later, and no package lists or downloads left behind. The
 * image size the deploy test measures is then close to what the public base gives.
 */
function slimDown(root: string): void {
  const excluded = [
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'usr/share/locale',
    'usr/share/groff',
    'usr/share/lintian',
  ];
  for (const folder of excluded) {
    rmSync(path.join(root, folder), { recursive: true, force: true });
    mkdirSync(path.join(root, folder), { recursive: true });
  }
  writeFileSync(
    path.join(root, 'etc/dpkg/dpkg.cfg.d/slim'),
    `${excluded.map((folder) => `path-exclude /${folder}/*`).join('\n')}\npath-include /usr/share/doc/*/copyright\n`,
  );
  for (const folder of ['var/lib/apt/lists', 'var/cache/apt/archives']) {
    rmSync(path.join(root, folder), { recursive: true, force: true });
    mkdirSync(path.join(root, folder, 'partial'), { recursive: true });
  }
}

interface MachineNode {
  binary: string;
  npmFolder: string;
}

/** The Node.js running this test, which must be 20 like the image it stands in for, and the npm beside it. */
function machineNode(): MachineNode {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 20)
    throw new Error(`the base image needs Node.js 20; this machine runs ${process.versions.node}`);
  const binary = process.execPath;
  const npmFolder = path.resolve(path.dirname(binary), '../lib/node_modules/npm');
  if (!existsSync(path.join(npmFolder, 'bin/npm-cli.js'))) throw new Error(`no npm found at ${npmFolder}`);
  return { binary, npmFolder };
}

function installNode(root: string, node: MachineNode): void {
  const bin = path.join(root, 'usr/local/bin');
  mkdirSync(bin, { recursive: true });
  cpSync(node.binary, path.join(bin, 'node'));
  cpSync(node.npmFolder, path.join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(bin, 'npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(bin, 'npx'));
}

/** The bundle at the path npm's `cafile` names here, and `/usr/local/etc/npmrc` (npm's global config under /usr/local) naming it. */
function trustMachineCertificates(root: string, cafile: string): void {
  const target = path.join(root, cafile);
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(cafile, target);
  mkdirSync(path.join(root, 'usr/local/etc'), { recursive: true });
  writeFileSync(path.join(root, 'usr/local/etc/npmrc'), `cafile=${cafile}\n`);
}

function machineCaFile(): string {
  // Outside the repository: inside a workspace npm refuses `config get`.
  const configured = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8', cwd: '/' }).trim();
  const cafile = configured && configured !== 'null' ? configured : '/etc/ssl/certs/ca-certificates.crt';
  if (!existsSync(cafile)) throw new Error(`no CA bundle at ${cafile}`);
  return cafile;
}

/** The Debian mirror apt already uses on this machine (its deb822 or one-line sources), else Debian's own. */
function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const deb822 = /^URIs:\s*(\S+)/m.exec(text)?.[1];
    const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text)?.[1];
    const mirror = deb822 ?? oneLine;
    if (mirror && !mirror.includes('security')) return mirror;
  }
  return FALLBACK_MIRROR;
}

/** `tar -C ROOT -c . | podman import`, with the PATH and CMD the official image has. */
async function importFolder(root: string): Promise<void> {
  const tar = spawn('tar', ['--numeric-owner', '-C', root, '-c', '.'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarDone = new Promise<number | null>((resolve) => tar.once('close', resolve));
  await podman(
    [
      'import',
      '--change',
      'ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change',
      'CMD=["node"]',
      '--change',
      `LABEL=${RECIPE_LABEL}=${RECIPE}`,
      '-',
      NODE_BASE_IMAGE,
    ],
    { input: tar.stdout, timeoutMs: 600_000 },
  );
  const tarCode = await tarDone;
  if (tarCode !== 0) throw new Error(`tar of ${root} exited with ${tarCode}`);
}
