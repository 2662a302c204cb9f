// Builds the builder SPA when its build is missing or older than its sources, so `npm start`
// works on a fresh clone and restarts stay fast.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builder = path.join(root, 'apps/builder');
const builtIndex = path.join(builder, 'dist/index.html');

function newestMtime(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function builtAt() {
  try {
    return statSync(builtIndex).mtimeMs;
  } catch {
    return 0;
  }
}

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((entry) =>
  path.join(builder, entry),
);
sources.push(path.join(root, 'packages/contracts/src'));
if (builtAt() < Math.max(...sources.map(newestMtime))) {
  console.log('Building the builder app (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@quizbeam/builder'], {
    cwd: root,
    stdio: 'inherit',
    // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
