// Measures the JavaScript a first visit to /login downloads: what the built index.html loads, plus
// the lazy chunks of the login route (auth layout and login page) and everything they import statically.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const distDir = new URL('../dist/', import.meta.url).pathname;
const assetsDir = join(distDir, 'assets');
const loginRouteChunkPrefixes = ['AuthLayout-', 'LoginPage-'];

const html = readFileSync(join(distDir, 'index.html'), 'utf8');
const htmlChunks = [...html.matchAll(/(?:src|href)="\/ui\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
const routeChunks = readdirSync(assetsDir).filter(
  (file) => file.endsWith('.js') && loginRouteChunkPrefixes.some((prefix) => file.startsWith(prefix)),
);

function staticImportsOf(file) {
  const code = readFileSync(join(assetsDir, file), 'utf8');
  const imports = [...code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]);
  return imports;
}

const loaded = new Set();
const pending = [...htmlChunks, ...routeChunks];
while (pending.length > 0) {
  const file = pending.pop();
  if (loaded.has(file)) continue;
  loaded.add(file);
  pending.push(...staticImportsOf(file));
}

let total = 0;
for (const file of [...loaded].sort()) {
  const size = gzipSync(readFileSync(join(assetsDir, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(2).padStart(8)} KB  gzip total for /login (budget ${BUDGET_BYTES / 1024} KB)`,
);
if (total > BUDGET_BYTES) process.exitCode = 1;
