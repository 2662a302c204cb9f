import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageStorage, StoredFileTooLarge } from './imageStorage';
import { LocalImageStorage } from './localImageStorage';
import { S3ImageStorage } from './s3ImageStorage';

type Driver = 'local' | 's3';

describe.each<Driver>(['local', 's3'])('stored files (%s)', (driver) => {
  let directory: string;
  let s3rver: S3rver | undefined;
  let storage: ImageStorage;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'quizbeam-stored-files-'));
    if (driver === 'local') {
      storage = new LocalImageStorage({ uploadsDir: directory, appUrl: 'http://app.test', secret: 'secret' });
      return;
    }
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await s3rver.run();
    const s3 = new S3ImageStorage({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: undefined,
      forcePathStyle: true,
    });
    await s3.client.send(new CreateBucketCommand({ Bucket: 'files' }));
    storage = s3;
  });
  afterAll(async () => {
    await s3rver?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes a file, reads it back with its content type, and removes it', async () => {
    const key = `leads-challenge/${crypto.randomUUID()}/file.pdf`;
    const bytes = Buffer.from('%PDF-1.7 a small document');
    await storage.writeFile(key, { bytes, contentType: 'application/pdf' });
    expect(await storage.readFile(key, 1024)).toEqual({ bytes, contentType: 'application/pdf' });
    await storage.remove(key);
    expect(await storage.readFile(key, 1024)).toBeNull();
    await storage.remove(key);
  });

  it('answers null for a file never written', async () => {
    expect(await storage.readFile(`leads-challenge/${crypto.randomUUID()}/file.zip`, 1024)).toBeNull();
  });

  it('refuses to read a file larger than the reader accepts', async () => {
    const key = `leads-challenge/${crypto.randomUUID()}/file.zip`;
    await storage.writeFile(key, { bytes: Buffer.alloc(2048, 7), contentType: 'application/zip' });
    await expect(storage.readFile(key, 2047)).rejects.toBeInstanceOf(StoredFileTooLarge);
    expect((await storage.readFile(key, 2048))?.bytes.length).toBe(2048);
  });

  it.runIf(driver === 'local')('leaves no folder behind once a folder’s files are removed', async () => {
    const folder = `leads-challenge/${crypto.randomUUID()}`;
    await storage.writeFile(`${folder}/file.png`, { bytes: Buffer.from('png'), contentType: 'image/png' });
    await storage.writeFile(`${folder}/upload.json`, {
      bytes: Buffer.from('{}'),
      contentType: 'application/json',
    });
    await storage.remove(`${folder}/upload.json`);
    await storage.remove(`${folder}/file.png`);
    expect(readdirSync(path.join(directory, 'leads-challenge'))).not.toContain(folder.split('/')[1]);
  });
});
