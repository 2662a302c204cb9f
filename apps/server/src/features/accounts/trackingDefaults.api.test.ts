import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  type BrowserTracking,
  GA4_MEASUREMENT_ID_TEXT,
  GTM_CONTAINER_ID_TEXT,
  META_PIXEL_ID_TEXT,
  NO_BROWSER_TRACKING,
} from '@quizbeam/contracts/measurement';
import {
  getTrackingDefaultsEndpoint,
  saveTrackingDefaultsEndpoint,
} from '@quizbeam/contracts/trackingDefaults';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { readTrackingDefaults } from './trackingDefaults';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const everyTag: BrowserTracking = {
  gtmContainerId: 'GTM-ABC1234',
  ga4MeasurementId: 'G-ABC123DEF4',
  metaPixelId: '123456789012345',
  askConsent: true,
};

const defaultsOf = async (account: SignedInAccount) =>
  (await account.send(getTrackingDefaultsEndpoint)).data();

describe('GET and PUT /api/account/tracking', () => {
  it('answers no tags before any save, then keeps what was saved', async () => {
    const account = await t.signIn();
    expect(await defaultsOf(account)).toEqual(NO_BROWSER_TRACKING);

    const saved = await account.send(saveTrackingDefaultsEndpoint, { body: everyTag });
    expect(saved.data()).toEqual(everyTag);
    expect(await defaultsOf(account)).toEqual(everyTag);
    expect(await readTrackingDefaults(t.context.db, account.accountId)).toEqual(everyTag);

    // Blank IDs turn a tag off; spaces around an ID are not kept.
    const fewer = { ...everyTag, gtmContainerId: '', metaPixelId: ' 1234567890123456 ', askConsent: false };
    expect((await account.send(saveTrackingDefaultsEndpoint, { body: fewer })).data()).toEqual({
      ...fewer,
      metaPixelId: '1234567890123456',
    });
    expect(await defaultsOf(account)).toEqual({ ...fewer, metaPixelId: '1234567890123456' });
  });

  it.each([
    ['gtmContainerId', 'GTM-', GTM_CONTAINER_ID_TEXT],
    ['gtmContainerId', 'UA-12345-1', GTM_CONTAINER_ID_TEXT],
    ['ga4MeasurementId', 'G-abc', GA4_MEASUREMENT_ID_TEXT],
    ['ga4MeasurementId', 'GTM-ABC1234', GA4_MEASUREMENT_ID_TEXT],
    ['metaPixelId', '12345', META_PIXEL_ID_TEXT],
    ['metaPixelId', 'fb-123456789012345', META_PIXEL_ID_TEXT],
  ] as const)('refuses %s %j with its text (400) and keeps the stored defaults', async (key, value, text) => {
    const account = await t.signIn();
    await account.send(saveTrackingDefaultsEndpoint, { body: everyTag });
    const refused = await account.send(saveTrackingDefaultsEndpoint, { body: { ...everyTag, [key]: value } });
    expect(refused.statusCode).toBe(400);
    const body = errorBodySchema.parse(refused.json());
    expect(body.code).toBe('validation_failed');
    expect(body.error).toContain(text);
    expect(await defaultsOf(account)).toEqual(everyTag);
  });

  it('refuses bodies that are not tracking settings with a 400, never a 500', async () => {
    const account = await t.signIn();
    for (const body of [
      {},
      { ...everyTag, askConsent: 'yes' },
      { ...everyTag, gtmContainerId: 1234 },
      { ...everyTag, metaPixelId: '1'.repeat(5000) },
      { ...everyTag, ga4MeasurementId: null },
      [everyTag],
    ]) {
      const refused = await account.send(saveTrackingDefaultsEndpoint, { body });
      expect([body, refused.statusCode]).toEqual([body, 400]);
    }
    expect(await defaultsOf(account)).toEqual(NO_BROWSER_TRACKING);
  });

  it("changes only the caller's account", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    await other.send(saveTrackingDefaultsEndpoint, { body: { ...everyTag, metaPixelId: '999999999999999' } });
    await owner.send(saveTrackingDefaultsEndpoint, { body: everyTag });
    expect(await defaultsOf(owner)).toEqual(everyTag);
    expect(await defaultsOf(other)).toEqual({ ...everyTag, metaPixelId: '999999999999999' });
    expect(await defaultsOf(await t.signIn())).toEqual(NO_BROWSER_TRACKING);
  });

  it('answers no tags for stored defaults that are not whole settings', async () => {
    const account = await t.signIn();
    await t.context.db
      .update(accounts)
      .set({ trackingDefaults: { gtmContainerId: 'GTM-ABC1234' } })
      .where(eq(accounts.id, account.accountId));
    expect(await defaultsOf(account)).toEqual(NO_BROWSER_TRACKING);
  });

  it('requires a session (401) and, to save, the app origin (403)', async () => {
    const account = await t.signIn();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({
        method,
        url: getTrackingDefaultsEndpoint.path,
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        ...(method === 'PUT' ? { payload: everyTag } : {}),
      });
      expect([method, response.statusCode]).toEqual([method, 401]);
    }
    const foreign = await t.app.inject({
      method: 'PUT',
      url: saveTrackingDefaultsEndpoint.path,
      headers: { cookie: account.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: everyTag,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await defaultsOf(account)).toEqual(NO_BROWSER_TRACKING);
  });
});
