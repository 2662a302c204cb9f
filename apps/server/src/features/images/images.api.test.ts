import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  createImageEndpoint,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '@quizbeam/contracts/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpload } from '../../storage/uploadSignature';
import { type ImageTestApp, startImageTestApp } from '../../testing/imageApp';
import { gifHeader, jpegHeader, pngImage } from '../../testing/imageBytes';
import { APP_ORIGIN } from '../../testing/testApp';

let t: ImageTestApp;
beforeAll(async () => {
  t = await startImageTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });

async function createImage(filename = 'Team Photo (1).PNG', extra: object = {}) {
  const { accountId, cookie } = await t.signedInAccount();
  const response = await post(`/accounts/${accountId}/image/create`, cookie, { filename, ...extra });
  expect(response.statusCode).toBe(200);
  return { accountId, cookie, created: createImageEndpoint.response.parse(response.json()) };
}

/** The browser's same-origin PUT to the signed URL (the app's own /uploads/ route). */
const upload = (preSignedUrl: string, payload: Buffer | Readable, headers: Record<string, string> = {}) => {
  const { pathname, search } = new URL(preSignedUrl);
  return t.app.inject({
    method: 'PUT',
    url: `${pathname}${search}`,
    headers: {
      origin: APP_ORIGIN,
      'content-type': 'image/png',
      'cache-control': 'max-age=2419200',
      ...headers,
    },
    payload,
  });
};

const pathOf = (url: string) => new URL(url).pathname;
const fileOf = (s3Key: string) => path.join(t.uploadsDir, ...s3Key.split('/'));

describe('POST /accounts/{account}/image/create', () => {
  it('hands out a signed upload URL on the app, the public URL and the Image fields', async () => {
    const { accountId, created } = await createImage('Team Photo (1).PNG', { width: 3, height: 2 });
    const prefix = `accounts/${accountId}/images/${created.id}`;
    expect(created).toMatchObject({
      accountId,
      s3Key: `${prefix}/Team-Photo-1.png`,
      url: `${APP_ORIGIN}/uploads/${prefix}/Team-Photo-1.png`,
      filename: 'Team-Photo-1.png',
      uploadHeaders: { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=2419200' },
      width: 3,
      height: 2,
    });
    const signed = new URL(created.preSignedUrl);
    expect(`${signed.origin}${signed.pathname}`).toBe(created.url);
    const expires = Number(signed.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
    expect(signed.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('leaves width and height null when the builder does not send them', async () => {
    const { created } = await createImage('photo.jpg');
    expect(created).toMatchObject({ width: null, height: null, filename: 'photo.jpg' });
    expect(created.uploadHeaders['Content-Type']).toBe('image/jpeg');
  });

  it('refuses SVG, other extensions and over-long names', async () => {
    const { accountId, cookie } = await t.signedInAccount();
    for (const filename of ['logo.svg', 'notes.txt', 'png', '', `${'a'.repeat(252)}.png`]) {
      const response = await post(`/accounts/${accountId}/image/create`, cookie, { filename });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const svg = await post(`/accounts/${accountId}/image/create`, cookie, { filename: 'logo.svg' });
    expect(svg.json().error).toContain(IMAGE_TYPE_MESSAGE);
    const huge = await post(`/accounts/${accountId}/image/create`, cookie, {
      filename: 'a.png',
      width: 20001,
      height: 10,
    });
    expect(huge.statusCode).toBe(400);
  });

  it('is 404 for another account, never 403', async () => {
    const { cookie } = await t.signedInAccount();
    const other = await t.createAccount();
    const response = await post(`/accounts/${other.accountId}/image/create`, cookie, { filename: 'a.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'We could not find what you asked for.', code: 'not_found' });
  });

  it('is 401 when signed out', async () => {
    const { accountId } = await t.createAccount();
    const response = await post(`/accounts/${accountId}/image/create`, undefined, { filename: 'a.png' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});

describe('PUT to the signed URL, then GET /uploads/…', () => {
  it('stores a real PNG, answers its measured size, and serves it publicly with the cache header', async () => {
    const { created } = await createImage('pixel.png');
    const bytes = pngImage(3, 2);
    const put = await upload(created.preSignedUrl, bytes);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ width: 3, height: 2 });
    expect(existsSync(fileOf(created.s3Key))).toBe(true);

    const get = await t.app.inject({ url: pathOf(created.url) }); // no session
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.headers['cache-control']).toBe('public, max-age=2419200');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['content-length']).toBe(String(bytes.length));
    expect(get.rawPayload.equals(bytes)).toBe(true);
  });

  it('records a 1x1 PNG and serves other types by their content, not their name', async () => {
    const { created } = await createImage('tiny.png');
    expect((await upload(created.preSignedUrl, pngImage(1, 1))).json()).toEqual({ width: 1, height: 1 });

    const gif = await createImage('looks-like.png');
    const put = await upload(gif.created.preSignedUrl, gifHeader(7, 5), { 'content-type': 'image/gif' });
    expect(put.json()).toEqual({ width: 7, height: 5 });
    const get = await t.app.inject({ url: pathOf(gif.created.url) });
    expect(get.headers['content-type']).toBe('image/gif');
  });

  it('accepts a JPEG whatever Content-Type the browser sent', async () => {
    const { created } = await createImage('photo.jpeg');
    const put = await upload(created.preSignedUrl, jpegHeader(1280, 900), { 'content-type': 'text/plain' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ width: 1280, height: 900 });
  });

  it('refuses a tampered signature and stores nothing', async () => {
    const { created } = await createImage('pixel.png');
    const url = new URL(created.preSignedUrl);
    const signature = url.searchParams.get('signature') ?? '';
    url.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const response = await upload(url.toString(), pngImage(1, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'This upload link is not valid.', code: 'validation_failed' });
    expect(existsSync(fileOf(created.s3Key))).toBe(false);

    const unsigned = await upload(created.url, pngImage(1, 1));
    expect(unsigned.statusCode).toBe(400);
  });

  it('refuses a signature for another key (one account cannot reuse its URL on another’s key)', async () => {
    const first = await createImage('a.png');
    const second = await createImage('b.png');
    const { search } = new URL(first.created.preSignedUrl);
    const response = await upload(`${second.created.url}${search}`, pngImage(1, 1));
    expect(response.statusCode).toBe(400);
    expect(existsSync(fileOf(second.created.s3Key))).toBe(false);
  });

  it('refuses an expired upload URL', async () => {
    const { created } = await createImage('late.png');
    const expired = signUpload(t.context.sessionSecret, created.s3Key, Math.floor(Date.now() / 1000) - 1);
    const query = new URLSearchParams({ expires: String(expired.expires), signature: expired.signature });
    const response = await upload(`${created.url}?${query}`, pngImage(1, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This upload link has expired. Please upload the image again.',
      code: 'validation_failed',
    });
  });

  it('refuses a text file renamed .png, and an empty body', async () => {
    const { created } = await createImage('notes.png');
    const text = await upload(created.preSignedUrl, Buffer.from('Meeting notes: buy milk.\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: IMAGE_TYPE_MESSAGE, code: 'validation_failed' });
    const svg = await upload(created.preSignedUrl, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      'content-type': 'image/svg+xml',
    });
    expect(svg.json().error).toBe(IMAGE_TYPE_MESSAGE);
    const empty = await upload(created.preSignedUrl, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(existsSync(fileOf(created.s3Key))).toBe(false);
  });

  it('refuses more than 5 MB, by Content-Length and while streaming', async () => {
    const { created } = await createImage('big.png');
    const tooBig = Buffer.concat([pngImage(1, 1), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const declared = await upload(created.preSignedUrl, tooBig);
    expect(declared.statusCode).toBe(400);
    expect(declared.json()).toEqual({ error: IMAGE_TOO_LARGE_MESSAGE, code: 'validation_failed' });

    const chunks = Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024));
    const streamed = await upload(created.preSignedUrl, Readable.from(chunks));
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().error).toBe(IMAGE_TOO_LARGE_MESSAGE);

    const justRight = Buffer.concat([pngImage(2, 2), Buffer.alloc(IMAGE_MAX_BYTES - pngImage(2, 2).length)]);
    expect((await upload(created.preSignedUrl, justRight)).statusCode).toBe(200);
  });

  it('refuses an upload from another website', async () => {
    const { created } = await createImage('a.png');
    const response = await upload(created.preSignedUrl, pngImage(1, 1), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('serves only keys it issued: no sidecars, no paths outside the uploads folder', async () => {
    const { created } = await createImage('a.png');
    await upload(created.preSignedUrl, pngImage(1, 1));
    for (const url of [
      `${pathOf(created.url)}.json`,
      '/uploads/accounts/..%2F..%2Fsession-secret',
      `/uploads/accounts/${created.accountId}/images/${created.id}/..%2F..%2F..%2F..%2F..%2Fsession-secret.png`,
      `/uploads/accounts/${created.accountId}/images/${created.id}/missing.png`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});

describe('POST /accounts/{account}/image/delete', () => {
  it('deletes the file and its record, and deleting again is fine', async () => {
    const { accountId, cookie, created } = await createImage('gone.png');
    await upload(created.preSignedUrl, pngImage(1, 1));
    const url = `/accounts/${accountId}/image/delete`;
    const first = await post(url, cookie, { s3Key: created.s3Key });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    expect(existsSync(fileOf(created.s3Key))).toBe(false);
    expect(existsSync(`${fileOf(created.s3Key)}.json`)).toBe(false);
    expect((await t.app.inject({ url: pathOf(created.url) })).statusCode).toBe(404);
    expect((await post(url, cookie, { s3Key: created.s3Key })).statusCode).toBe(200);
    // The upload link is still signed, but stores nothing any more: the quota no longer counts that key.
    const late = await upload(created.preSignedUrl, pngImage(2, 2));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'This upload link is not valid.' });
    expect(existsSync(fileOf(created.s3Key))).toBe(false);
  });

  it('is 404 for another account’s image or account, and for keys it never issued', async () => {
    const owner = await createImage('keep.png');
    await upload(owner.created.preSignedUrl, pngImage(1, 1));
    const { accountId, cookie } = await t.signedInAccount();
    const mine = `/accounts/${accountId}/image/delete`;
    for (const s3Key of [
      owner.created.s3Key,
      '../../session-secret',
      `accounts/${accountId}/images/x/a.png`,
    ]) {
      const response = await post(mine, cookie, { s3Key });
      expect(response.statusCode, s3Key).toBe(404);
    }
    const theirs = await post(`/accounts/${owner.accountId}/image/delete`, cookie, {
      s3Key: owner.created.s3Key,
    });
    expect(theirs.statusCode).toBe(404);
    expect(existsSync(fileOf(owner.created.s3Key))).toBe(true);
  });

  it('is 401 when signed out', async () => {
    const { accountId, created } = await createImage('a.png');
    const response = await post(`/accounts/${accountId}/image/delete`, undefined, { s3Key: created.s3Key });
    expect(response.statusCode).toBe(401);
  });
});

describe('image storage per account', () => {
  it('counts uploads against a quota, by their real size once stored, and says when it is full', async () => {
    const small = await startImageTestApp(undefined, { IMAGE_QUOTA_MB: '1' });
    try {
      const { accountId, cookie } = await small.signedInAccount();
      const create = (size?: number) =>
        small.app.inject({
          method: 'POST',
          url: `/accounts/${accountId}/image/create`,
          headers: { origin: APP_ORIGIN, cookie },
          payload: { filename: 'a.png', ...(size ? { size } : {}) },
        });
      const first = await create(600 * 1024);
      expect(first.statusCode).toBe(200);
      const full = await create(600 * 1024);
      expect(full.statusCode).toBe(403);
      expect(full.json()).toEqual({
        code: 'quota_exceeded',
        error: 'Your account has used its 1 MB of image storage. Please contact support to raise the limit.',
      });
      // The first upload turns out to be small: its real size is what counts from then on.
      const { pathname, search } = new URL(createImageEndpoint.response.parse(first.json()).preSignedUrl);
      const stored = await small.app.inject({
        method: 'PUT',
        url: `${pathname}${search}`,
        headers: { origin: APP_ORIGIN, 'content-type': 'image/png' },
        payload: pngImage(3, 2),
      });
      expect(stored.statusCode).toBe(200);
      expect((await create(600 * 1024)).statusCode).toBe(200);
      // Another account has its own room.
      const other = await small.signedInAccount();
      const theirs = await small.app.inject({
        method: 'POST',
        url: `/accounts/${other.accountId}/image/create`,
        headers: { origin: APP_ORIGIN, cookie: other.cookie },
        payload: { filename: 'b.png', size: 900 * 1024 },
      });
      expect(theirs.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('limits how many uploads an account starts in a short time, with a 429 and Retry-After', async () => {
    const { accountId, cookie } = await t.signedInAccount();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let index = 0; index < 40; index += 1) {
      const response = await post(`/accounts/${accountId}/image/create`, cookie, {
        filename: 'a.png',
        size: 1000,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited ??= response;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(limited?.json().code).toBe('rate_limited');
    expect(limited?.json().error).toMatch(
      /^You have uploaded many images in a short time\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held up.
    const other = await t.signedInAccount();
    expect(
      (await post(`/accounts/${other.accountId}/image/create`, other.cookie, { filename: 'a.png' }))
        .statusCode,
    ).toBe(200);
  });
});
