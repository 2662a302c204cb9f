// Requests per second for a published quiz page: Quizbeam (Fastify) serving it from memory, against nginx
// serving the same bytes from disk and bare node:http answering them from one buffer, side by side in one
// run. Each server gets one core (taskset -c 0; nginx with one worker, Node is one process) and wrk runs on
// the other. For information only: a quiz origin does not need nginx's rate (in production a CDN or the
// reverse proxy caches pages), so no ratio fails this script.

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { ensureDebianTools, type WrkResult, wrk } from './wrk';

const SERVER_CPU = '0';
const LOAD_CPU = '1';
const LOAD = { cpus: LOAD_CPU, threads: 1, connections: 50, seconds: 10 };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startNginx(root: string, port: number): Promise<() => void> {
  const conf = path.join(root, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
${process.getuid?.() === 0 ? 'user root;\n' : ''}
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${root}/body; proxy_temp_path ${root}/proxy; fastcgi_temp_path ${root}/fastcgi;
  uwsgi_temp_path ${root}/uwsgi; scgi_temp_path ${root}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root}/site;
    default_type text/html;
  }
}
`,
  );
  const child = spawn('taskset', ['-c', SERVER_CPU, '/usr/sbin/nginx', '-c', conf, '-p', root], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status > 0) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return () => child.kill('SIGTERM');
}

await ensureDebianTools([
  { command: 'wrk', pkg: 'wrk' },
  { command: 'nginx', pkg: 'nginx-light' },
]);
buildIfStale();
const server = await startServer({}, { cpus: SERVER_CPU });
let stopNginx = () => {};
let stopBare = () => {};
try {
  const published = await publishBenchQuiz(server);
  const slug = new URL(published.url).pathname.slice(1);
  const bytes = Buffer.from(await (await fetch(published.url)).arrayBuffer());

  const root = mkdtempSync(path.join(tmpdir(), 'quizbeam-nginx-'));
  const site = path.join(root, 'site');
  await import('node:fs/promises').then((fs) => fs.mkdir(site));
  writeFileSync(path.join(site, slug), bytes);
  const nginxPort = await freePort();
  stopNginx = await startNginx(root, nginxPort);
  const nginxUrl = `http://127.0.0.1:${nginxPort}/${slug}`;
  const nginxBytes = Buffer.from(await (await fetch(nginxUrl)).arrayBuffer());
  if (!nginxBytes.equals(bytes)) {
    throw new Error(
      `nginx does not serve the same bytes: ${nginxBytes.length} vs ${bytes.length}\n${nginxBytes.toString().slice(0, 300)}`,
    );
  }

  // The ceiling for any Node server: bare node:http answering the same bytes from one buffer.
  const barePort = await freePort();
  const bareFile = path.join(root, 'page.bin');
  writeFileSync(bareFile, bytes);
  const bare = spawn(
    'taskset',
    [
      '-c',
      SERVER_CPU,
      process.execPath,
      '-e',
      `const body = require('node:fs').readFileSync(${JSON.stringify(bareFile)});
       require('node:http').createServer((q, r) => { r.writeHead(200, ['content-type', 'text/html; charset=utf-8', 'content-length', String(body.length)]); r.end(body); }).listen(${barePort}, '127.0.0.1');`,
    ],
    { stdio: 'ignore' },
  );
  stopBare = () => bare.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const bareUrl = `http://127.0.0.1:${barePort}/`;

  // Warm each up (JIT, caches), then measure each twice, alternating.
  for (const url of [published.url, nginxUrl, bareUrl]) await wrk(url, { ...LOAD, seconds: 3 });
  const ours: WrkResult[] = [];
  const theirs: WrkResult[] = [];
  const bareNode: WrkResult[] = [];
  for (let round = 0; round < 2; round += 1) {
    ours.push(await wrk(published.url, LOAD));
    theirs.push(await wrk(nginxUrl, LOAD));
    bareNode.push(await wrk(bareUrl, LOAD));
  }
  const best = (results: typeof ours) => Math.max(...results.map((result) => result.requestsPerSecond));
  const failures = ours.reduce((sum, result) => sum + result.non2xx, 0);
  if (failures > 0) throw new Error(`${failures} responses from Quizbeam were not 2xx`);
  const ratio = best(ours) / best(theirs);
  console.log(
    `page: ${bytes.length} bytes (uncompressed; wrk asks for no compression), ${LOAD.connections} connections, ${LOAD.seconds} s per run`,
  );
  for (const [name, results] of [
    ['Quizbeam', ours],
    ['nginx   ', theirs],
    ['bare node:http', bareNode],
  ] as const) {
    console.log(
      `${name}: ${results.map((result) => result.requestsPerSecond.toFixed(0)).join(', ')} requests/s; p99 ${results.map((result) => result.latencyP99Ms.toFixed(2)).join(', ')} ms`,
    );
  }
  console.log(`ratio of Quizbeam's best rate to nginx's: ${ratio.toFixed(2)} (for information)`);
  console.log(
    `for scale: bare node:http reaches ${(best(bareNode) / best(theirs)).toFixed(2)} of nginx; Quizbeam reaches ${(best(ours) / best(bareNode)).toFixed(2)} of bare node:http`,
  );
} finally {
  stopNginx();
  stopBare();
  await server.stop();
}
