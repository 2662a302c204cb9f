import {
  type CreateImageResponse,
  completeImageEndpoint,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
} from '@quizbeam/contracts/images';
import { images } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodedImage } from '../../testing/encodedImages';
import { jpegHeader, pngImage } from '../../testing/imageBytes';
import { type ImageDriver, type ImageDriverApp, startImageDriverApp } from '../../testing/imageDriverApp';
import { APP_ORIGIN } from '../../testing/testApp';

describe.each<ImageDriver>(['local', 's3'])(
  'POST /accounts/{account}/image/complete (%s storage)',
  (driver) => {
    let t: ImageDriverApp;
    let photo: Buffer;
    beforeAll(async () => {
      t = await startImageDriverApp(driver);
      photo = await encodedImage('jpeg', 2400, 1600);
    });
    afterAll(async () => {
      await t?.stop();
    });

    const complete = (accountId: string, cookie: string | undefined, s3Key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/accounts/${accountId}/image/complete`,
        headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { s3Key },
      });

    async function uploaded(filename: string, bytes: Buffer) {
      const account = await t.signedInAccount();
      const created = await t.create(account, filename, bytes.length);
      expect(await t.upload(created, bytes)).toBe(200);
      return { ...account, created };
    }

    const bytesCounted = async (created: CreateImageResponse) => {
      const [row] = await t.context.db
        .select({ bytes: images.bytes })
        .from(images)
        .where(eq(images.s3Key, created.s3Key));
      return row?.bytes;
    };

    it('makes a WebP and a JPEG at 640, 960, 1280 and 1920 of a 2400 × 1600 photo, served as such', async () => {
      const { accountId, cookie, created } = await uploaded('Beach Photo.jpg', photo);
      const response = await complete(accountId, cookie, created.s3Key);
      expect(response.statusCode).toBe(200);
      const answered = completeImageEndpoint.response.parse(response.json());
      expect(answered).toMatchObject({ width: 2400, height: 1600 });
      expect(answered.variants.map(({ width, height, type }) => [width, height, type])).toEqual([
        [640, 427, 'image/webp'],
        [640, 427, 'image/jpeg'],
        [960, 640, 'image/webp'],
        [960, 640, 'image/jpeg'],
        [1280, 853, 'image/webp'],
        [1280, 853, 'image/jpeg'],
        [1920, 1280, 'image/webp'],
        [1920, 1280, 'image/jpeg'],
      ]);
      for (const variant of answered.variants) {
        expect(variant.url.startsWith(`${created.url}.w${variant.width}.`)).toBe(true);
        const served = await t.fetchPublic(variant.url);
        expect(served.status, variant.url).toBe(200);
        expect(served.contentType).toBe(variant.type);
        const metadata = await sharp(served.bytes).metadata();
        expect([`image/${metadata.format}`, metadata.width, metadata.height]).toEqual([
          variant.type,
          variant.width,
          variant.height,
        ]);
      }
    });

    it('makes one width of a 500-pixel PNG, and a repeat answers the same without resizing', async () => {
      const { accountId, cookie, created } = await uploaded('logo.png', pngImage(500, 200));
      const first = await complete(accountId, cookie, created.s3Key);
      expect(first.statusCode).toBe(200);
      const answered = completeImageEndpoint.response.parse(first.json());
      expect(answered).toMatchObject({ width: 500, height: 200 });
      expect(answered.variants.map(({ width, height, type }) => [width, height, type])).toEqual([
        [500, 200, 'image/webp'],
        [500, 200, 'image/png'],
      ]);
      // With the original gone, only the recorded variants can answer a repeat.
      await t.storage.remove(created.s3Key);
      const again = await complete(accountId, cookie, created.s3Key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    });

    it('counts the variants in the account’s image storage, once, even for calls at the same time', async () => {
      const { accountId, cookie, created } = await uploaded('team.jpg', photo);
      const before = await bytesCounted(created);
      const [first, second] = await Promise.all([
        complete(accountId, cookie, created.s3Key),
        complete(accountId, cookie, created.s3Key),
      ]);
      expect(second?.json()).toEqual(first?.json());
      const variants = completeImageEndpoint.response.parse(first?.json()).variants;
      let variantBytes = 0;
      for (const variant of variants) variantBytes += (await t.fetchPublic(variant.url)).bytes.length;
      expect(variantBytes).toBeGreaterThan(0);
      expect(await bytesCounted(created)).toBe((before ?? 0) + variantBytes);
    });

    it('is 404 for another account’s key, a key never issued and an image not uploaded yet', async () => {
      const owner = await uploaded('mine.jpg', photo);
      const stranger = await t.signedInAccount();
      const theirs = await complete(stranger.accountId, stranger.cookie, owner.created.s3Key);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'We could not find what you asked for.', code: 'not_found' });
      expect((await complete(owner.accountId, stranger.cookie, owner.created.s3Key)).statusCode).toBe(404);
      const unknown = owner.created.s3Key.replace(owner.created.id, crypto.randomUUID());
      expect((await complete(owner.accountId, owner.cookie, unknown)).statusCode).toBe(404);
      const waiting = await t.create(stranger, 'later.png', 1000);
      expect((await complete(stranger.accountId, stranger.cookie, waiting.s3Key)).statusCode).toBe(404);
    });

    it('is 401 when signed out', async () => {
      const { accountId, created } = await uploaded('a.jpg', photo);
      const response = await complete(accountId, undefined, created.s3Key);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    });

    it('refuses with a 400 a stored file that is no image it can decode', async () => {
      // Local storage checks the bytes at upload, so there only a JPEG header without a picture gets through.
      const { accountId, cookie, created } = await uploaded('broken.jpg', jpegHeader(1280, 900));
      const broken = await complete(accountId, cookie, created.s3Key);
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ error: IMAGE_UNREADABLE_MESSAGE, code: 'validation_failed' });
      if (driver === 's3') {
        const text = await uploaded('notes.png', Buffer.from('Meeting notes: buy milk.\n'));
        const refused = await complete(text.accountId, text.cookie, text.created.s3Key);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe(IMAGE_TYPE_MESSAGE);
      }
    });

    it('deletes the variants with the image', async () => {
      const { accountId, cookie, created } = await uploaded('gone.jpg', photo);
      const { variants } = completeImageEndpoint.response.parse(
        (await complete(accountId, cookie, created.s3Key)).json(),
      );
      const deleted = await t.app.inject({
        method: 'POST',
        url: `/accounts/${accountId}/image/delete`,
        headers: { origin: APP_ORIGIN, cookie },
        payload: { s3Key: created.s3Key },
      });
      expect(deleted.statusCode).toBe(200);
      for (const url of [created.url, ...variants.map((variant) => variant.url)]) {
        expect((await t.fetchPublic(url)).status, url).toBe(404);
      }
    });

    it('limits how many images an account completes in a short time, with a 429', async () => {
      const { accountId, cookie, created } = await uploaded('often.png', pngImage(20, 20));
      for (let call = 0; call < 30; call += 1) {
        expect((await complete(accountId, cookie, created.s3Key)).statusCode).toBe(200);
      }
      const limited = await complete(accountId, cookie, created.s3Key);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/^You have uploaded many images in a short time\. Please wait/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
);

describe('variants on local storage', () => {
  let t: ImageDriverApp;
  beforeAll(async () => {
    t = await startImageDriverApp('local');
  });
  afterAll(async () => {
    await t?.stop();
  });

  const complete = async (account: { accountId: string; cookie: string }, s3Key: string) =>
    completeImageEndpoint.response.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/accounts/${account.accountId}/image/complete`,
          headers: { origin: APP_ORIGIN, cookie: account.cookie },
          payload: { s3Key },
        })
      ).json(),
    );

  it('serves the variants it made under /uploads/ and nothing else beside them', async () => {
    const account = await t.signedInAccount();
    const created = await t.create(account, 'wide.png', pngImage(1000, 10).length);
    await t.upload(created, pngImage(1000, 10));
    const { variants } = await complete(account, created.s3Key);
    expect(variants.map((variant) => variant.url)).toEqual([
      `${created.url}.w640.webp`,
      `${created.url}.w640.png`,
      `${created.url}.w960.webp`,
      `${created.url}.w960.png`,
    ]);
    for (const suffix of [
      '.w1280.webp',
      '.w640.gif',
      '.w640.webp.json',
      '.w0640.webp',
      '.w640.webp.w640.webp',
    ]) {
      expect((await t.fetchPublic(`${created.url}${suffix}`)).status, suffix).toBe(404);
    }
    // A variant's key is no upload key: it cannot be deleted (or uploaded to) on its own.
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/accounts/${account.accountId}/image/delete`,
      headers: { origin: APP_ORIGIN, cookie: account.cookie },
      payload: { s3Key: `${created.s3Key}.w640.webp` },
    });
    expect(deleted.statusCode).toBe(404);
  });

  it('makes the variants again from a file uploaded again over the same link', async () => {
    const account = await t.signedInAccount();
    const created = await t.create(account, 'again.png', pngImage(800, 400).length);
    await t.upload(created, pngImage(800, 400));
    const first = await complete(account, created.s3Key);
    expect(first).toMatchObject({ width: 800, height: 400 });
    expect(await t.upload(created, pngImage(700, 100))).toBe(200);
    expect((await t.fetchPublic(`${created.url}.w640.webp`)).status).toBe(404);
    const second = await complete(account, created.s3Key);
    expect(second).toMatchObject({ width: 700, height: 100, variants: [{ width: 640, height: 91 }, {}] });
    const served = await t.fetchPublic(`${created.url}.w640.webp`);
    expect((await sharp(served.bytes).metadata()).height).toBe(91);
  });
});
