// Builds what the running server needs, into each package's dist/:
//   node scripts/build.mjs                       builds the builder, the player and the server (`npm run build`)
//   node scripts/build.mjs --if-stale [names…]   builds only those whose inputs changed (`npm start`, `npm run cli`)
// An output is stale when one of its files is missing or when the hash of its inputs (every file of the
// packages it is built from, tests left out, plus the lockfile and this script) differs from the hash
// recorded after its last build, in node_modules/.cache/quizbeam-build/. Plain Node: it runs on a
// production install (`npm ci --omit=dev`), where each package's build uses its own dependencies.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stampDir = path.join(root, 'node_modules/.cache/quizbeam-build');

const contracts = 'packages/contracts';
const engine = 'packages/quiz-engine';
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

/** Each output: the folders and files it is built from, the files that must exist, its package. */
export const TARGETS = {
  builder: {
    workspace: '@quizbeam/builder',
    inputs: ['apps/builder', contracts, engine, 'packages/themes', 'apps/player'],
    outputs: ['apps/builder/dist/index.html', 'apps/builder/dist/signIn.html'],
  },
  player: {
    workspace: '@quizbeam/player',
    inputs: ['apps/player', contracts, engine],
    outputs: ['apps/player/dist/manifest.json'],
  },
  server: {
    workspace: '@quizbeam/server',
    inputs: ['apps/server', contracts, engine, 'packages/db', 'packages/themes', 'apps/player'],
    outputs: [
      'apps/server/dist/main.js',
      'apps/server/dist/cli.js',
      'apps/server/dist/migrate.js',
      'apps/server/dist/worker.js',
    ],
  },
};

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
const isTest = (name) => /\.test\.tsx?$/.test(name);

/** Repository-relative paths of every input file, sorted, so the hash does not depend on listing order. */
function inputFiles(base, entries) {
  const files = new Set();
  const visit = (relative) => {
    const absolute = path.join(base, relative);
    if (!existsSync(absolute)) return;
    if (!statSync(absolute).isDirectory()) {
      files.add(relative);
      return;
    }
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      if (
        entry.isDirectory()
          ? SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')
          : isTest(entry.name)
      ) {
        continue;
      }
      visit(path.posix.join(relative, entry.name));
    }
  };
  for (const entry of entries) visit(entry);
  return [...files].sort();
}

/** The hash of everything `name` is built from, in the repository at `base`. */
export function inputHash(name, base = root) {
  const hash = createHash('sha256');
  for (const file of inputFiles(base, [...TARGETS[name].inputs, ...SHARED_INPUTS])) {
    const content = readFileSync(path.join(base, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

const stampFile = (name) => path.join(stampDir, `${name}.json`);

function recordedHash(name) {
  try {
    return JSON.parse(readFileSync(stampFile(name), 'utf8')).inputs;
  } catch {
    return undefined;
  }
}

/** Why `name` must be built, or null when its build is current. */
function staleness(name, hash) {
  const missing = TARGETS[name].outputs.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  if (recordedHash(name) !== hash) return 'its sources changed';
  return null;
}

function build(name, hash, reason) {
  const { workspace } = TARGETS[name];
  console.error(`Building the ${name} (${reason})…`);
  rmSync(stampFile(name), { force: true });
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    // Build logs go to stderr: `npm run cli` prints results on stdout.
    stdio: ['inherit', 2, 'inherit'],
    // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`Building the ${name} failed.`);
    process.exit(result.status ?? 1);
  }
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stampFile(name), `${JSON.stringify({ inputs: hash, builtAt: new Date().toISOString() })}\n`);
}

function main(args) {
  const ifStale = args.includes('--if-stale');
  const names = args.filter((arg) => !arg.startsWith('--'));
  for (const name of names) {
    if (!(name in TARGETS)) {
      console.error(`Unknown build "${name}"; choose from ${Object.keys(TARGETS).join(', ')}.`);
      process.exit(2);
    }
  }
  for (const name of names.length > 0 ? names : Object.keys(TARGETS)) {
    // The hash is taken before building: a file changed during the build makes the next check rebuild.
    const hash = inputHash(name);
    const reason = ifStale ? staleness(name, hash) : 'npm run build';
    if (reason) build(name, hash, reason);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
