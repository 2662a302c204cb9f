import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCliDataDir } from '../features/internal/cliCommandLine';
import { startBanner } from './startBanner';

const started = { seconds: '1.2', embedded: true, deliversLeads: true, builderUrl: 'http://localhost:3000' };
const firstAccount =
  'npm run cli -- account:create --email you@example.com --name "Your Company" --password "choose-a-password" --admin';

describe('the start banner', () => {
  it('prints the first account’s command as it is when the server uses the folder the CLI opens by itself', () => {
    expect(startBanner({ ...started, dataDir: defaultCliDataDir() })).toBe(`
Quizbeam is running (started in 1.2 s, database: embedded PGlite, lead delivery: in this process).
  Open http://localhost:3000/
  Create the first account in another terminal:
    ${firstAccount}
`);
  });

  it('puts the server’s own DATA_DIR in front of the command, as an absolute path', () => {
    expect(startBanner({ ...started, dataDir: '/srv/quizbeam-data' })).toContain(
      `\n    DATA_DIR=/srv/quizbeam-data ${firstAccount}\n`,
    );
    // A relative folder is resolved where the server started, which need not be where npm runs the CLI.
    expect(startBanner({ ...started, dataDir: 'other-data' })).toContain(
      `DATA_DIR=${path.resolve('other-data')} npm run cli -- account:create`,
    );
  });

  it('quotes a folder the shell would split or expand', () => {
    expect(startBanner({ ...started, dataDir: "/srv/Bob's data" })).toContain(
      `DATA_DIR='/srv/Bob'\\''s data' npm run cli -- account:create`,
    );
    expect(startBanner({ ...started, dataDir: '/srv/$HOME' })).toContain(`DATA_DIR='/srv/$HOME' npm run cli`);
  });

  it('names the compiled CLI where there is nothing to build with, as in the container image', () => {
    expect(startBanner({ ...started, dataDir: '/data', cliRunner: 'node' })).toContain(
      '\n    DATA_DIR=/data node apps/server/dist/cli.js account:create --email you@example.com',
    );
    // In a checkout, as the tests run, npm builds what is stale first.
    expect(startBanner({ ...started, dataDir: '/data' })).toContain(`DATA_DIR=/data ${firstAccount}`);
  });

  it('asks for the same DATABASE_URL on PostgreSQL', () => {
    const banner = startBanner({ ...started, embedded: false, deliversLeads: false, dataDir: '/data' });
    expect(banner).toContain('database: PostgreSQL, lead delivery: off (WORKER=off)');
    expect(banner).toContain(
      `Create the first account in another terminal, with the same DATABASE_URL:\n    DATA_DIR=/data ${firstAccount}\n`,
    );
  });
});
