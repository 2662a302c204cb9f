import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SiteChangeListener } from './siteChangeListener';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the site change listener', () => {
  it('starts even when the database cannot be reached, tries again after 1 s, and stops when closed', async () => {
    const port = await closedPort();
    const logged: unknown[] = [];
    let resumed = 0;
    const listener = new SiteChangeListener({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/nothing`,
      channel: 'quizbeam_site_changes',
      onPayload: () => {},
      onResumed: () => {
        resumed += 1;
      },
      log: (error) => logged.push(error),
    });
    await expect(listener.start()).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('ECONNREFUSED');

    await sleep(1_300);
    expect(logged).toHaveLength(2);

    await listener.close();
    // The next attempt would have come 2 s after the last one.
    await sleep(2_200);
    expect(logged).toHaveLength(2);
    expect(resumed).toBe(0);
  });
});
