// Time from `npm start` to the first answered request: the first start on a new data folder
// (PGlite runs initdb) and restarts on the same folder, against the 5 s target for a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/src/serverProcess';

const TARGET_SECONDS = 5;
const PORT = 3977;

async function timedStart(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const answered = await fetch(`http://localhost:${PORT}/login`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return (performance.now() - startedAt) / 1000;
      if (performance.now() - startedAt > 60_000) throw new Error('the server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-bench-'));
const first = await timedStart(dataDir);
const restarts: number[] = [];
for (let run = 0; run < 3; run += 1) restarts.push(await timedStart(dataDir));
rmSync(dataDir, { recursive: true, force: true });
const slowest = Math.max(...restarts);
console.log(`first start (new data folder): ${first.toFixed(2)} s`);
console.log(`restarts on the existing data folder: ${restarts.map((s) => `${s.toFixed(2)} s`).join(', ')}`);
console.log(
  `ratio of the slowest restart to the ${TARGET_SECONDS} s target: ${(slowest / TARGET_SECONDS).toFixed(2)} (must be ≤ 1.00)`,
);
if (slowest > TARGET_SECONDS) process.exitCode = 1;
