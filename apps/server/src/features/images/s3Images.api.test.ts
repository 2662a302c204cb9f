import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createImageEndpoint } from '@quizbeam/contracts/images';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3ImageStorage, S3Settings } from '../../storage/s3ImageStorage';
import { type ImageTestApp, startImageTestApp } from '../../testing/imageApp';
import { pngImage } from '../../testing/imageBytes';
import { APP_ORIGIN } from '../../testing/testApp';

const BUCKET = 'quizbeam-images';
let s3rver: S3rver;
let s3Dir: string;
let settings: S3Settings;
let t: ImageTestApp;
let storage: S3ImageStorage;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'quizbeam-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port } = await s3rver.run();
  settings = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
    forcePathStyle: true,
  };
  t = await startImageTestApp(settings);
  if (t.storage.driver !== 's3') throw new Error('expected S3 storage');
  storage = t.storage;
  await storage.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: APP_ORIGIN, cookie }, payload });

const head = (key: string) => storage.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

describe('images on S3 (s3rver)', () => {
  it('presigns a PUT to the bucket; the object keeps the content type and the cache max-age', async () => {
    const { accountId, cookie } = await t.signedInAccount();
    const bytes = pngImage(3, 2);
    const withoutSize = await post(`/accounts/${accountId}/image/create`, cookie, {
      filename: 'Hero Image.png',
    });
    expect(withoutSize.statusCode).toBe(400);
    expect(withoutSize.json().error).toBe('Invalid request. body/size: the file size in bytes is required.');
    const response = await post(`/accounts/${accountId}/image/create`, cookie, {
      filename: 'Hero Image.png',
      width: 3,
      height: 2,
      size: bytes.length,
    });
    expect(response.statusCode).toBe(200);
    const created = createImageEndpoint.response.parse(response.json());
    expect(created.s3Key).toBe(`accounts/${accountId}/images/${created.id}/Hero-Image.png`);
    expect(created.url).toBe(`${settings.endpoint}/${BUCKET}/${created.s3Key}`);
    expect(created).toMatchObject({ accountId, width: 3, height: 2 });
    const signed = new URL(created.preSignedUrl);
    expect(`${signed.origin}${signed.pathname}`).toBe(created.url);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    // Signed, so real S3 refuses a PUT with another Content-Type, Cache-Control or size (s3rver does not
    // check signed headers, so only the list of them is checked here).
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe(
      'cache-control;content-length;content-type;host',
    );
    const put = await fetch(created.preSignedUrl, {
      method: 'PUT',
      headers: created.uploadHeaders,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);

    const stored = await head(created.s3Key);
    expect(stored.CacheControl).toBe('max-age=2419200');
    expect(stored.ContentType).toBe('image/png');
    const object = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: created.s3Key }));
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(bytes)).toBe(true);

    // The app's own /uploads/ routes exist only for local disk storage.
    expect(t.app.hasRoute({ method: 'PUT', url: '/uploads/*' })).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: '/uploads/*' })).toBe(false);
  });

  it('deletes the object (idempotently) and only the account’s own', async () => {
    const owner = await t.signedInAccount();
    const created = createImageEndpoint.response.parse(
      (
        await post(`/accounts/${owner.accountId}/image/create`, owner.cookie, {
          filename: 'a.gif',
          size: pngImage(1, 1).length,
        })
      ).json(),
    );
    expect(created.uploadHeaders['Content-Type']).toBe('image/gif');
    const put = await fetch(created.preSignedUrl, {
      method: 'PUT',
      headers: created.uploadHeaders,
      body: new Uint8Array(pngImage(1, 1)),
    });
    expect(put.status).toBe(200);

    const stranger = await t.signedInAccount();
    const refused = await post(`/accounts/${stranger.accountId}/image/delete`, stranger.cookie, {
      s3Key: created.s3Key,
    });
    expect(refused.statusCode).toBe(404);
    expect((await head(created.s3Key)).ContentType).toBe('image/gif');

    const url = `/accounts/${owner.accountId}/image/delete`;
    const deleted = await post(url, owner.cookie, { s3Key: created.s3Key });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    await expect(head(created.s3Key)).rejects.toMatchObject({ name: 'NotFound' });
    expect((await post(url, owner.cookie, { s3Key: created.s3Key })).statusCode).toBe(200);
  });
});
