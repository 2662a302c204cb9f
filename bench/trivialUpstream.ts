import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/src/serverProcess';

export interface TrivialUpstream {
  port: number;
  pid: number | undefined;
  stop(): void;
}

/**
 * A bare node:http process answering every request with the same bytes from one buffer: the cheapest upstream a
 * Node process can be, so what a balancer in front of it reaches is the balancer's own limit.
 */
export async function startTrivialUpstream(body: Buffer): Promise<TrivialUpstream> {
  const folder = mkdtempSync(path.join(tmpdir(), 'quizbeam-upstream-'));
  const file = path.join(folder, 'page.html');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const body = require('node:fs').readFileSync(${JSON.stringify(file)});
       require('node:http').createServer((q, r) => { r.writeHead(200, ['content-type', 'text/html; charset=utf-8', 'content-length', String(body.length)]); r.end(body); }).listen(${port}, '127.0.0.1');`,
    ],
    { stdio: 'ignore' },
  );
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (attempt > 50) {
      stop();
      throw new Error('the trivial upstream did not answer within 5 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, pid: child.pid, stop };
}
