import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  getRetentionEndpoint,
  RETENTION_TOO_LONG_TEXT,
  RETENTION_TOO_SHORT_TEXT,
  saveRetentionEndpoint,
} from '@quizbeam/contracts/retention';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const retentionOf = async (account: SignedInAccount) => (await account.send(getRetentionEndpoint)).data();

describe('GET and PUT /api/account/retention', () => {
  it('keeps data forever until a period is set, then keeps what was saved', async () => {
    const account = await t.signIn();
    expect(await retentionOf(account)).toEqual({ retentionDays: null });

    for (const retentionDays of [30, 365, 1825, null, 90]) {
      const saved = await account.send(saveRetentionEndpoint, { body: { retentionDays } });
      expect(saved.data()).toEqual({ retentionDays });
      expect(await retentionOf(account)).toEqual({ retentionDays });
    }
  });

  it.each([
    [29, RETENTION_TOO_SHORT_TEXT],
    [0, RETENTION_TOO_SHORT_TEXT],
    [-5, RETENTION_TOO_SHORT_TEXT],
    [1826, RETENTION_TOO_LONG_TEXT],
    [100_000, RETENTION_TOO_LONG_TEXT],
  ])('refuses %i days with its text (400) and keeps the stored period', async (retentionDays, text) => {
    const account = await t.signIn();
    await account.send(saveRetentionEndpoint, { body: { retentionDays: 60 } });
    const refused = await account.send(saveRetentionEndpoint, { body: { retentionDays } });
    expect(refused.statusCode).toBe(400);
    const body = errorBodySchema.parse(refused.json());
    expect(body.code).toBe('validation_failed');
    expect(body.error).toContain(text);
    expect(await retentionOf(account)).toEqual({ retentionDays: 60 });
  });

  it('refuses bodies that are not a period with a 400, never a 500', async () => {
    const account = await t.signIn();
    for (const body of [
      {},
      { retentionDays: '90' },
      { retentionDays: 90.5 },
      { retentionDays: Number.MAX_SAFE_INTEGER * 10 },
      { retentionDays: true },
      [{ retentionDays: 90 }],
      null,
    ]) {
      const refused = await account.send(saveRetentionEndpoint, { body });
      expect([body, refused.statusCode]).toEqual([body, 400]);
    }
    expect(await retentionOf(account)).toEqual({ retentionDays: null });
  });

  it("changes only the caller's account", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    await other.send(saveRetentionEndpoint, { body: { retentionDays: 400 } });
    await owner.send(saveRetentionEndpoint, { body: { retentionDays: 30 } });
    expect(await retentionOf(owner)).toEqual({ retentionDays: 30 });
    expect(await retentionOf(other)).toEqual({ retentionDays: 400 });
    expect(await retentionOf(await t.signIn())).toEqual({ retentionDays: null });
  });

  it('requires a session (401) and, to save, the app origin (403)', async () => {
    const account = await t.signIn();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({
        method,
        url: getRetentionEndpoint.path,
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        ...(method === 'PUT' ? { payload: { retentionDays: 30 } } : {}),
      });
      expect([method, response.statusCode]).toEqual([method, 401]);
    }
    const foreign = await t.app.inject({
      method: 'PUT',
      url: saveRetentionEndpoint.path,
      headers: { cookie: account.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { retentionDays: 30 },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await retentionOf(account)).toEqual({ retentionDays: null });
  });
});
