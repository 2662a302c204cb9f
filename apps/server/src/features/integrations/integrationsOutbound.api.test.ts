import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectWithApiKeyEndpoint } from '@quizbeam/contracts/integrations';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defaultRateLimits } from '../../security/rateLimiter';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { startConvertKitFake } from './fakes/autoresponders/convertKitFake';

/*
 * With the real service clients (no stubs): the addresses a user types reach services only through the
 * guarded client, and calls that make the server call out are limited per account.
 */

let t: TestApp;
const fakes: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await startTestApp(
    {},
    { rateLimits: { ...defaultRateLimits, serviceConnectsPerAccount: { max: 3, windowMs: 60_000 } } },
  );
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await t.close();
});

describe('connecting with an address the user types', () => {
  it('refuses private, link-local and loopback addresses on the field, storing nothing', async () => {
    const account = await t.signIn();
    const kit = await startConvertKitFake();
    fakes.push(kit);
    for (const apiUrl of ['http://169.254.169.254', 'http://10.0.0.7', kit.server.url]) {
      const answer = await account.send(connectWithApiKeyEndpoint, {
        params: { account: account.accountId, service: 'activecampaign' },
        body: { connectionName: 'Probe', apiUrl, apiKey: 'anything' },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'validation_failed',
        fields: { apiUrl: expect.any(String) },
      });
    }
    const stored = await t.database.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.accountId, account.accountId));
    expect(stored).toEqual([]);
  });

  it('flags an API URL nothing answers at, with the reason, as a 503 to try again', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const allowing = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${port}` });
    try {
      const account = await allowing.signIn();
      const answer = await account.send(connectWithApiKeyEndpoint, {
        params: { account: account.accountId, service: 'activecampaign' },
        body: { connectionName: 'Probe', apiUrl: `http://127.0.0.1:${port}`, apiKey: 'anything' },
      });
      expect(answer.statusCode).toBe(503);
      const body = z
        .object({ error: z.string(), code: z.string(), fields: z.record(z.string(), z.string()) })
        .parse(answer.json());
      expect(body.code).toBe('busy');
      expect(body.error).toMatch(/^Quizbeam could not reach this API URL/);
      expect(body.fields).toEqual({ apiUrl: body.error });
    } finally {
      await allowing.close();
    }
  });

  it('limits connect attempts per account (429 with Retry-After)', async () => {
    // Refused at once by the guard, so no attempt leaves this machine.
    vi.stubEnv('PLATFORMLY_API_URL', 'http://10.0.0.7');
    const account = await t.signIn();
    const attempt = () =>
      account.send(connectWithApiKeyEndpoint, {
        params: { account: account.accountId, service: 'platformly' },
        body: { connectionName: 'Guess', apiKey: 'guess' },
      });
    for (let index = 0; index < 3; index++) expect((await attempt()).statusCode).not.toBe(429);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    vi.unstubAllEnvs();
  });
});
