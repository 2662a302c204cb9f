import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../serverProcess';
import { freshRedisDatabase } from './redisDatabase';
import { createScratchDatabase } from './scratchDatabase';
import { startWorkerProcess, type WorkerProcess } from './workerProcess';

export interface ClusterSettings {
  serverCount: number;
  /** Where the balancer listens: APP_URL and PUBLISH_URL name it, as they would name the public proxy. */
  balancerPort: number;
  /** A Redis logical database this run may empty (runs that share one would count each other's requests). */
  redisDatabase: number;
  /** More environment for every server and worker (retry schedule, worker tuning…). */
  env?: Record<string, string>;
}

export interface Cluster {
  /** The builder and API, through the balancer. */
  appUrl: string;
  /** Published quizzes, through the balancer. */
  publishUrl: string;
  databaseUrl: string;
  dataDir: string;
  /** What every process of the cluster runs with. */
  env: Record<string, string>;
  servers: RunningServer[];
  /** Starts one more `npm run worker` process on the cluster's database. */
  startWorker(extraEnv?: Record<string, string>): Promise<WorkerProcess>;
  /** Sends SIGKILL to a server: no shutdown at all, as a crash or the OOM killer would end it. */
  killServer(server: RunningServer): Promise<void>;
  /** Stops every process still running, drops the database and empties the Redis database. */
  stop(): Promise<void>;
}

const randomSecret = () => randomBytes(32).toString('base64url');

async function untilExited(server: RunningServer): Promise<void> {
  for (let waited = 0; server.isRunning() && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Server processes (`apps/server/dist/main.js`, WORKER=off) on one fresh PostgreSQL database and a fresh Redis
 * database, as behind a load balancer: the same session secret and encryption key everywhere (so each accepts
 * the sessions and reads the secrets of the others) and TRUST_PROXY=true. The first server starts alone, since
 * it migrates the database; the others then start together. Workers are started with `startWorker`.
 */
export async function startCluster(settings: ClusterSettings): Promise<Cluster> {
  const database = await createScratchDatabase('quizbeam_scale_out');
  const redis = await freshRedisDatabase(settings.redisDatabase);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-scale-out-'));
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${settings.balancerPort}`,
    PUBLISH_URL: `http://127.0.0.1:${settings.balancerPort}`,
    TRUST_PROXY: 'true',
    SESSION_SECRET: randomSecret(),
    ENCRYPTION_KEY: randomSecret(),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    SMTP_URL: '',
    METRICS_PORT: '0',
    ...settings.env,
  };
  const servers: RunningServer[] = [];
  const workers: WorkerProcess[] = [];
  const startOne = () => startServer({ ...env, WORKER: 'off' });

  async function stop(): Promise<void> {
    await Promise.all(workers.map((worker) => worker.stop()));
    // A killed server has exited already; stop() is for the ones still running.
    await Promise.all(servers.filter((server) => server.isRunning()).map((server) => server.stop()));
    await database.drop();
    await redis.release();
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    servers.push(await startOne());
    const others = await Promise.allSettled(
      Array.from({ length: settings.serverCount - 1 }, () => startOne()),
    );
    for (const started of others) if (started.status === 'fulfilled') servers.push(started.value);
    const failed = others.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }

  return {
    appUrl: env.APP_URL ?? '',
    publishUrl: env.PUBLISH_URL ?? '',
    databaseUrl: database.url,
    dataDir,
    env,
    servers,
    async startWorker(extraEnv = {}) {
      const worker = await startWorkerProcess({ ...process.env, ...env, ...extraEnv });
      workers.push(worker);
      return worker;
    },
    async killServer(server) {
      if (server.pid !== undefined && server.isRunning()) process.kill(server.pid, 'SIGKILL');
      await untilExited(server);
    },
    stop,
  };
}
