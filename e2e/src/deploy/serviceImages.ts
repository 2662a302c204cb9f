import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from '../aptInstall';
import { holdLock, imageExists, podman } from './podman';

/**
 * Stand-ins for the official `postgres` and `caddy` images, which no registry here can give: Debian bookworm's
 * own packages in a debootstrap root. Test-only names, so that they are never taken for the public images;
 * deploy/compose.test.yaml names them.
 */
export const POSTGRES_TEST_IMAGE = 'localhost/quizbeam-test-postgres:15';
export const CADDY_TEST_IMAGE = 'localhost/quizbeam-test-caddy:2';

const DEBOOTSTRAP_PATH = '/usr/sbin/debootstrap';
const FALLBACK_MIRROR = 'http://deb.debian.org/debian';
const PATH_ENV = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const ENTRYPOINT = '/usr/local/bin/docker-entrypoint.sh';

/**
 * What compose.yaml relies on from the official postgres image: POSTGRES_USER, POSTGRES_PASSWORD and
 * POSTGRES_DB make the role (a superuser with that password) and the database on the first start, with the
 * data in PGDATA; password sign-in from other containers; PGPORT moves the port for the server and
 * pg_isready alike. Runs as root only to give the volume to `postgres`.
 */
const POSTGRES_ENTRYPOINT = `#!/bin/sh
set -eu
bin=/usr/lib/postgresql/15/bin
user="\${POSTGRES_USER:-postgres}"
database="\${POSTGRES_DB:-$user}"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set for the first start}"
  password_file=$(mktemp)
  printf '%s\\n' "$POSTGRES_PASSWORD" > "$password_file"
  chown postgres "$password_file"
  as_postgres "$bin/initdb" --pgdata="$PGDATA" --username="$user" --pwfile="$password_file" \\
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \\"$database\\"" | as_postgres "$bin/postgres" --single -D "$PGDATA" postgres > /dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
`;

interface ServiceImage {
  name: string;
  packages: string[];
  /** Changes to the root after the packages are in: entrypoints, folders, what the packages' scripts made. */
  prepare(root: string): void;
  /** `podman import --change` lines: what the official image's Dockerfile declares. */
  changes: string[];
}

const POSTGRES: ServiceImage = {
  name: POSTGRES_TEST_IMAGE,
  packages: ['postgresql-15'],
  prepare(root) {
    // Debian's package makes a cluster of its own ("15/main"); the entrypoint makes the one compose uses.
    rmSync(path.join(root, 'var/lib/postgresql/15'), { recursive: true, force: true });
    rmSync(path.join(root, 'etc/postgresql/15'), { recursive: true, force: true });
    writeExecutable(path.join(root, ENTRYPOINT), POSTGRES_ENTRYPOINT);
  },
  changes: [
    // Its own programs before Debian's wrappers in /usr/bin, which look for clusters of Debian's layout.
    'ENV=PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'ENV=PGDATA=/var/lib/postgresql/data',
    `ENTRYPOINT=["${ENTRYPOINT}"]`,
    'CMD=[]',
    // Fast shutdown: SIGTERM would wait for every client to disconnect.
    'STOPSIGNAL=SIGINT',
    'VOLUME=/var/lib/postgresql/data',
  ],
};

const CADDY: ServiceImage = {
  name: CADDY_TEST_IMAGE,
  packages: ['caddy'],
  prepare(root) {
    for (const folder of ['config/caddy', 'data/caddy', 'srv'])
      mkdirSync(path.join(root, folder), { recursive: true });
  },
  changes: [
    `ENV=${PATH_ENV}`,
    // As in the official image: certificates and the internal CA in /data, the autosaved config in /config.
    'ENV=XDG_CONFIG_HOME=/config',
    'ENV=XDG_DATA_HOME=/data',
    'WORKDIR=/srv',
    // JSON without spaces: podman's --change parser splits on them.
    'CMD=["caddy","run","--config","/etc/caddy/Caddyfile","--adapter","caddyfile"]',
    'VOLUME=/data',
    'VOLUME=/config',
  ],
};

/** Makes both images once each (both at a time: debootstrap waits on the network and dpkg more than on a core). */
export async function ensureServiceImages(): Promise<void> {
  // Both settle before any failure is thrown, so that neither is left making its image after the test ends.
  const results = await Promise.allSettled([ensureImage(POSTGRES), ensureImage(CADDY)]);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
}

async function ensureImage(image: ServiceImage): Promise<void> {
  if (await imageExists(image.name)) return;
  const release = await holdLock(`/tmp/${image.name.replace(/[^a-z0-9]+/g, '-')}.lock`);
  try {
    // Another test process may have made it while this one waited for the lock.
    if (await imageExists(image.name)) return;
    await makeImage(image);
  } finally {
    await release();
  }
}

async function makeImage(image: ServiceImage): Promise<void> {
  if (!existsSync(DEBOOTSTRAP_PATH)) aptInstall(['debootstrap']);
  const started = Date.now();
  // On disk rather than in a tmpfs /tmp: the root is a few hundred megabytes.
  const root = mkdtempSync('/var/tmp/quizbeam-test-service-');
  // mkdtemp makes it 0700, which the image's / would keep: no other user could reach a file.
  chmodSync(root, 0o755);
  try {
    console.log(`Making ${image.name} with debootstrap into ${root}…`);
    await run(DEBOOTSTRAP_PATH, [
      '--variant=minbase',
      `--include=${image.packages.join(',')}`,
      'bookworm',
      root,
      debianMirror(),
    ]);
    image.prepare(root);
    slim(root);
    const tar = spawn('tar', ['--numeric-owner', '-C', root, '-c', '.'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarDone = new Promise<number | null>((resolve) => tar.once('close', resolve));
    const changes = image.changes.flatMap((change) => ['--change', change]);
    await podman(['import', ...changes, '-', image.name], { input: tar.stdout, timeoutMs: 600_000 });
    if ((await tarDone) !== 0) throw new Error(`tar of ${root} failed`);
    console.log(`${image.name} made in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Leaves out what a container never reads: apt's downloads and lists, documentation, translations. */
function slim(root: string): void {
  for (const folder of [
    'var/lib/apt/lists',
    'var/cache/apt/archives',
    'usr/share/doc',
    'usr/share/man',
    'usr/share/locale',
  ]) {
    rmSync(path.join(root, folder), { recursive: true, force: true });
    mkdirSync(path.join(root, folder), { recursive: true });
  }
  mkdirSync(path.join(root, 'var/lib/apt/lists/partial'));
  mkdirSync(path.join(root, 'var/cache/apt/archives/partial'));
}

function writeExecutable(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o755);
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 900_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${errors.slice(-4000)}`));
    });
  });
}

/** The Debian mirror apt already uses on this machine (its deb822 or one-line sources), else Debian's own. */
function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const mirror =
      /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text)?.[1];
    if (mirror && !mirror.includes('security')) return mirror;
  }
  return FALLBACK_MIRROR;
}
