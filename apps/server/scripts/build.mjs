// `npm run build -w @quizbeam/server`: the entry points compiled to plain JavaScript in dist/ (main.js for
// `npm start`, cli.js, migrate.js, worker.js), so the server runs on Node alone. The @quizbeam/* workspace sources are
// bundled in; npm packages stay imports, resolved from node_modules at run time.
import { readFile, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { npmPackagesExternal } from './npmPackagesExternal.mjs';
import { packageName, packagesLoadedAtStart } from './packagesLoadedAtStart.mjs';
import { describeTestModules, testModulesInBundle } from './testModulesInBundle.mjs';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const source = (file) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

await rm(dist, { recursive: true, force: true });
const result = await build({
  entryPoints: ['main.ts', 'cli.ts', 'migrate.ts', 'worker.ts'].map(source),
  // The metafile's paths are relative to this folder, whichever folder the build is started from.
  absWorkingDir: serverRoot,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The entries share almost all their code: one copy in a shared chunk.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  plugins: [npmPackagesExternal],
  metafile: true,
  logLevel: 'warning',
});

// Test support (src/testing/, the services' fakes, tests and shared test suites) must never run in production.
const testModules = testModulesInBundle(result.metafile);
if (testModules.length > 0) {
  console.error('The server bundle includes modules written for tests only:');
  for (const line of describeTestModules(testModules)) console.error(`  ${line}`);
  process.exit(1);
}

// The bundle imports the npm packages of every workspace package it inlined (pg from @quizbeam/db, …), and
// Node resolves them from apps/server: each must be a dependency of the server, not found by hoisting luck.
const { dependencies } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const undeclared = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (external && !isBuiltin(specifier) && !(packageName(specifier) in dependencies)) {
      undeclared.add(packageName(specifier));
    }
  }
}
if (undeclared.size > 0) {
  console.error(
    `The server bundle imports packages missing from apps/server/package.json: ${[...undeclared].join(', ')}`,
  );
  process.exit(1);
}

// `npm run cli` hands most commands to the running server, so it starts without the database's packages
// and imports them (import()) only for a command it runs on the database itself.
const DATABASE_PACKAGES = ['@electric-sql/pglite', 'pg', 'drizzle-orm', '@node-rs/argon2'];
const loadedByCli = packagesLoadedAtStart(result.metafile, 'dist/cli.js');
const loadedTooSoon = DATABASE_PACKAGES.filter((name) => loadedByCli.has(name));
if (loadedTooSoon.length > 0) {
  console.error(
    `dist/cli.js loads ${loadedTooSoon.join(', ')} at start: import what needs them with import(), where needed.`,
  );
  process.exit(1);
}
console.log(`server: ${dist}main.js, cli.js, migrate.js, worker.js`);
