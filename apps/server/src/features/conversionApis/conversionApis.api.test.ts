import {
  CONVERSION_API_SECRET_FORMAT_TEXT,
  type ConversionApi,
  type CreateConversionApiBody,
  createConversionApiEndpoint,
  deleteConversionApiEndpoint,
  GA4_API_SECRET_REQUIRED_TEXT,
  listConversionApisEndpoint,
  MAX_CONVERSION_APIS,
  META_ACCESS_TOKEN_REQUIRED_TEXT,
  PLATFORM_UNCHANGEABLE_TEXT,
  TEST_EVENT_CODE_TEXT,
  TOO_MANY_CONVERSION_APIS_TEXT,
  testConversionApiEndpoint,
  updateConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import { GA4_MEASUREMENT_ID_TEXT, META_PIXEL_ID_TEXT } from '@quizbeam/contracts/measurement';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { conversionApis } from '@quizbeam/db/measurementSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const META_TOKEN = 'EAAGm0PX4ZCpsBAKZCsecretTokenValue9x2Q';
const GA4_SECRET = 'Gx7_ApiSecret-Value123';
const meta: CreateConversionApiBody = {
  platform: 'meta',
  name: 'Main pixel',
  platformId: '123456789012345',
  secret: META_TOKEN,
  testEventCode: 'TEST4242',
};
const ga4: CreateConversionApiBody = {
  platform: 'ga4',
  name: 'Website stream',
  platformId: 'G-ABC123DEF4',
  secret: GA4_SECRET,
};

async function created(
  account: SignedInAccount,
  body: CreateConversionApiBody = meta,
): Promise<ConversionApi> {
  return (await account.send(createConversionApiEndpoint, { body })).data();
}

const storedRow = async (id: string) =>
  (await t.context.db.select().from(conversionApis).where(eq(conversionApis.id, id)))[0];

describe('conversion APIs', () => {
  it('adds a Meta dataset and a GA4 stream, answering only the secrets’ last characters, sealed at rest', async () => {
    const account = await t.signIn();
    const answer = await account.send(createConversionApiEndpoint, {
      body: { ...meta, name: '  Main pixel ', platformId: ' 123456789012345 ', secret: ` ${META_TOKEN} ` },
    });
    expect(answer.body).not.toContain(META_TOKEN);
    const pixel = answer.data();
    expect(pixel).toEqual({
      id: expect.any(String),
      platform: 'meta',
      name: 'Main pixel',
      platformId: '123456789012345',
      testEventCode: 'TEST4242',
      secretHint: '…9x2Q',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const stream = await created(account, ga4);
    expect(stream).toMatchObject({
      platform: 'ga4',
      platformId: 'G-ABC123DEF4',
      testEventCode: '',
      secretHint: '…e123',
    });

    const row = await storedRow(pixel.id);
    expect(row?.accountId).toBe(account.accountId);
    expect(row?.secretEncrypted).not.toContain(META_TOKEN);
    expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(META_TOKEN);
    expect(t.context.secretBox.open((await storedRow(stream.id))?.secretEncrypted ?? '')).toBe(GA4_SECRET);

    const list = await account.send(listConversionApisEndpoint);
    expect(list.data()).toEqual([pixel, stream]);
    expect(list.body).not.toContain(META_TOKEN);
    expect(list.body).not.toContain(GA4_SECRET);
  });

  it('lists only the account’s own, by name', async () => {
    const account = await t.signIn();
    const other = await t.signIn();
    await created(other, { ...meta, name: 'Theirs' });
    await created(account, { ...ga4, name: 'zeta stream' });
    await created(account, { ...meta, name: 'Alpha pixel' });
    const names = (await account.send(listConversionApisEndpoint)).data().map((api) => api.name);
    expect(names).toEqual(['Alpha pixel', 'zeta stream']);
  });

  it.each([
    [
      'a pixel ID that is not 15 or 16 digits',
      { ...meta, platformId: 'G-ABC123DEF4' },
      'platformId',
      META_PIXEL_ID_TEXT,
    ],
    ['an empty pixel ID', { ...meta, platformId: ' ' }, 'platformId', META_PIXEL_ID_TEXT],
    [
      'a measurement ID not like G-…',
      { ...ga4, platformId: '123456789012345' },
      'platformId',
      GA4_MEASUREMENT_ID_TEXT,
    ],
    ['no access token', { ...meta, secret: '  ' }, 'secret', META_ACCESS_TOKEN_REQUIRED_TEXT],
    ['no API secret', { ...ga4, secret: '' }, 'secret', GA4_API_SECRET_REQUIRED_TEXT],
    [
      'a token with a line break',
      { ...meta, secret: 'EAA\nbroken' },
      'secret',
      CONVERSION_API_SECRET_FORMAT_TEXT,
    ],
    [
      'a token of 1,001 characters',
      { ...meta, secret: 'x'.repeat(1001) },
      'secret',
      CONVERSION_API_SECRET_FORMAT_TEXT,
    ],
    [
      'a test event code with spaces',
      { ...meta, testEventCode: 'TEST 1' },
      'testEventCode',
      TEST_EVENT_CODE_TEXT,
    ],
  ] as const)(
    'refuses %s with a 400 naming the field, storing nothing',
    async (_case, body, field, message) => {
      const account = await t.signIn();
      const answer = await account.send(createConversionApiEndpoint, { body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        code: 'validation_failed',
        error: `Invalid request. body/${field}: ${message}`,
      });
      expect((await account.send(listConversionApisEndpoint)).data()).toEqual([]);
    },
  );

  it('refuses an unknown platform or a missing name', async () => {
    const account = await t.signIn();
    for (const body of [{ ...meta, platform: 'tiktok' }, { ...meta, name: ' ' }, {}]) {
      const answer = await account.send(createConversionApiEndpoint, { body });
      expect([body, answer.statusCode]).toEqual([body, 400]);
    }
  });

  it(`allows ${MAX_CONVERSION_APIS} per account (403 quota_exceeded past them)`, async () => {
    const account = await t.signIn();
    await Promise.all(
      Array.from({ length: MAX_CONVERSION_APIS }, (_, index) =>
        created(account, { ...ga4, name: `Stream ${index}` }),
      ),
    );
    const refused = await account.send(createConversionApiEndpoint, { body: meta });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'quota_exceeded', error: TOO_MANY_CONVERSION_APIS_TEXT });
    expect((await account.send(listConversionApisEndpoint)).data()).toHaveLength(MAX_CONVERSION_APIS);
  });

  it('edits one: a blank secret keeps the saved one, a new one replaces it, the platform stays', async () => {
    const account = await t.signIn();
    const pixel = await created(account);
    const params = { id: pixel.id };
    const kept = await account.send(updateConversionApiEndpoint, {
      params,
      body: {
        platform: 'meta',
        name: 'Renamed',
        platformId: '1234567890123456',
        secret: '',
        testEventCode: '',
      },
    });
    expect(kept.data()).toMatchObject({
      name: 'Renamed',
      platformId: '1234567890123456',
      testEventCode: '',
      secretHint: '…9x2Q',
    });
    expect(t.context.secretBox.open((await storedRow(pixel.id))?.secretEncrypted ?? '')).toBe(META_TOKEN);

    const replaced = await account.send(updateConversionApiEndpoint, {
      params,
      body: { platform: 'meta', name: 'Renamed', platformId: '1234567890123456', secret: 'EAAnewTokenZZ77' },
    });
    expect(replaced.data().secretHint).toBe('…ZZ77');
    expect(replaced.body).not.toContain('EAAnewTokenZZ77');
    expect(t.context.secretBox.open((await storedRow(pixel.id))?.secretEncrypted ?? '')).toBe(
      'EAAnewTokenZZ77',
    );

    const otherPlatform = await account.send(updateConversionApiEndpoint, {
      params,
      body: { platform: 'ga4', name: 'Now GA4', platformId: 'G-ABC123DEF4' },
    });
    expect(otherPlatform.statusCode).toBe(400);
    expect(otherPlatform.json()).toEqual({ code: 'validation_failed', error: PLATFORM_UNCHANGEABLE_TEXT });
    const invalid = await account.send(updateConversionApiEndpoint, {
      params,
      body: { platform: 'meta', name: 'Renamed', platformId: '12', secret: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect((await storedRow(pixel.id))?.name).toBe('Renamed');
  });

  it("answers 404 for another account's conversion API, and changes nothing", async () => {
    const account = await t.signIn();
    const stranger = await t.signIn();
    const pixel = await created(account);
    const params = { id: pixel.id };
    const body = { platform: 'meta', name: 'Mine now', platformId: '123456789012345', secret: 'EAAhijack' };
    for (const answer of [
      await stranger.send(updateConversionApiEndpoint, { params, body }),
      await stranger.send(deleteConversionApiEndpoint, { params }),
      await stranger.send(testConversionApiEndpoint, { params }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
    }
    const row = await storedRow(pixel.id);
    expect(row?.name).toBe('Main pixel');
    expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(META_TOKEN);
    const unknown = await account.send(deleteConversionApiEndpoint, { params: { id: crypto.randomUUID() } });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 to every call signed out', async () => {
    const account = await t.signIn();
    const pixel = await created(account);
    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    const params = { id: pixel.id };
    for (const answer of [
      await signedOut(listConversionApisEndpoint),
      await signedOut(createConversionApiEndpoint, { body: meta }),
      await signedOut(updateConversionApiEndpoint, { params, body: meta }),
      await signedOut(deleteConversionApiEndpoint, { params }),
      await signedOut(testConversionApiEndpoint, { params }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'unauthenticated' });
    }
    expect(await storedRow(pixel.id)).toBeDefined();
  });

  it('deletes one no quiz uses; refuses (409 in_use) one a quiz sends its leads to, naming it', async () => {
    const account = await t.signIn();
    const pixel = await created(account);
    const stream = await created(account, ga4);
    const { quizId } = (
      await account.send(createQuizEndpoint, { body: { name: 'Coffee quiz', type: 'general' } })
    ).data();
    const quiz = (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
    const saved = await account.send(saveQuizEndpoint, {
      params: { id: quizId },
      body: { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, conversionApiIds: [pixel.id] } },
    });
    expect(saved.statusCode).toBe(200);

    const refused = await account.send(deleteConversionApiEndpoint, { params: { id: pixel.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use', quizzes: ['Coffee quiz'] });
    expect(await storedRow(pixel.id)).toBeDefined();

    expect((await account.send(deleteConversionApiEndpoint, { params: { id: stream.id } })).data()).toEqual({
      ok: true,
    });
    expect(await storedRow(stream.id)).toBeUndefined();
  });
});
