import { spawnWatched, untilPrinted } from '../../childProcess';
import { type RunningServer, runningServer } from '../../serverProcess';
import type { InstalledBuild } from './installedBuild';

/** Generous: a start waits for the migration lock, and these machines may be busy with other builds. */
const START_TIMEOUT_MS = 120_000;

/**
 * `node apps/server/dist/main.js` of an installed build, on a given port (the balancer names its backends by
 * port, so a newer build takes the port of the process it replaces). Resolves once the server listens; a
 * process that does not get there in time is killed.
 */
export async function startBuildServer(
  build: InstalledBuild,
  env: Record<string, string>,
  port: number,
): Promise<RunningServer> {
  const processEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  const watched = spawnWatched(process.execPath, [build.mainPath], { cwd: build.root, env: processEnv });
  const { child } = watched;
  try {
    await untilPrinted(
      watched,
      'Quizbeam is running',
      `the ${build.label} server on ${port}`,
      START_TIMEOUT_MS,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return runningServer(watched, {
    appUrl: `http://localhost:${port}`,
    publishUrl: `http://127.0.0.1:${port}`,
    dataDir: env.DATA_DIR ?? '',
    env: processEnv,
  });
}

/** How many requests a server logged as answered (LOG_REQUESTS=true; health probes are not logged). */
export const requestsAnswered = (server: RunningServer): number =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request completed"')).length;
