import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { type CreateImageResponse, createImageEndpoint } from '@quizbeam/contracts/images';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/s3ImageStorage';
import { type ImageTestApp, startImageTestApp } from './imageApp';
import { APP_ORIGIN } from './testApp';

export type ImageDriver = 'local' | 's3';

export interface StoredFile {
  status: number;
  contentType: string | undefined;
  bytes: Buffer;
}

/** The real app on either storage driver, with the browser's side of an upload and public reads. */
export interface ImageDriverApp extends ImageTestApp {
  /** A signed-in account's `image/create` answer for a file of `size` bytes. */
  create(
    account: { accountId: string; cookie: string },
    filename: string,
    size: number,
  ): Promise<CreateImageResponse>;
  /** The browser's PUT of the file to the signed URL; answers its status. */
  upload(created: CreateImageResponse, bytes: Buffer): Promise<number>;
  /** A visitor's GET of a public image URL, without any session. */
  fetchPublic(url: string): Promise<StoredFile>;
  stop(): Promise<void>;
}

const BUCKET = 'quizbeam-images';

async function startS3rver() {
  const directory = mkdtempSync(path.join(tmpdir(), 'quizbeam-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
    forcePathStyle: true,
  };
  const stop = async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
  return { settings, stop };
}

export async function startImageDriverApp(
  driver: ImageDriver,
  env: Record<string, string> = {},
): Promise<ImageDriverApp> {
  const s3 = driver === 's3' ? await startS3rver() : undefined;
  const t = await startImageTestApp(s3?.settings, env);
  if (t.storage.driver === 's3') {
    await t.storage.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  }
  return {
    ...t,
    async create({ accountId, cookie }, filename, size) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/accounts/${accountId}/image/create`,
        headers: { origin: APP_ORIGIN, cookie },
        payload: { filename, size },
      });
      if (response.statusCode !== 200) throw new Error(`image/create answered ${response.body}`);
      return createImageEndpoint.response.parse(response.json());
    },
    async upload(created, bytes) {
      if (driver === 's3') {
        const put = await fetch(created.preSignedUrl, {
          method: 'PUT',
          headers: created.uploadHeaders,
          body: new Uint8Array(bytes),
        });
        return put.status;
      }
      const { pathname, search } = new URL(created.preSignedUrl);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${pathname}${search}`,
        headers: { origin: APP_ORIGIN, ...created.uploadHeaders },
        payload: bytes,
      });
      return put.statusCode;
    },
    async fetchPublic(url) {
      if (driver === 's3') {
        const response = await fetch(url);
        const bytes = Buffer.from(await response.arrayBuffer());
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? undefined,
          bytes,
        };
      }
      const response = await t.app.inject({ url: new URL(url).pathname });
      const contentType = response.headers['content-type'];
      return {
        status: response.statusCode,
        contentType: contentType?.toString(),
        bytes: response.rawPayload,
      };
    },
    async stop() {
      await t.close();
      await s3?.stop();
    },
  };
}
