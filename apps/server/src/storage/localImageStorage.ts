import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageContentType, UPLOAD_URL_TTL_SECONDS } from '@quizbeam/contracts/images';
import {
  encodeKey,
  type ImageStore,
  type ServerMadeImage,
  type StoredFile,
  StoredFileTooLarge,
  type UploadRequest,
} from './imageStorage';
import { checkUploadSignature, signUpload, type UploadSignatureCheck } from './uploadSignature';

export interface LocalImageStorageSettings {
  /** Absolute folder the files are kept in: DATA_DIR/uploads. */
  uploadsDir: string;
  /** APP_URL: the app serves the upload URL and the files at /uploads/{key}. */
  appUrl: string;
  /** The session secret; the upload URL signature key is derived from it. */
  secret: string;
  now?: () => number;
}

/** Kept next to each file as `{file}.json`: what the upload check measured. */
export interface StoredImageInfo {
  contentType: ImageContentType;
  width: number;
  height: number;
  size: number;
}

/** The sidecar of a file stored with `writeFile`. */
interface StoredFileInfo {
  contentType: string;
  size: number;
}

export interface StoredImage {
  info: StoredImageInfo;
  stream: ReadStream;
}

export const UPLOADS_ROUTE_PREFIX = '/uploads/';

/**
 * Images on local disk behind the same flow as S3: `image/create` hands out an HMAC-signed PUT URL
 * on the app itself, the app checks and stores the bytes, and serves them publicly.
 */
export class LocalImageStorage implements ImageStore {
  readonly driver = 'local';
  private readonly now: () => number;

  constructor(private readonly settings: LocalImageStorageSettings) {
    this.now = settings.now ?? Date.now;
  }

  async presignUpload({ s3Key }: UploadRequest): Promise<string> {
    const expires = Math.floor(this.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    const { signature } = signUpload(this.settings.secret, s3Key, expires);
    return `${this.publicUrl(s3Key)}?${new URLSearchParams({ expires: String(expires), signature })}`;
  }

  publicUrl(s3Key: string): string {
    return `${this.settings.appUrl}${UPLOADS_ROUTE_PREFIX}${encodeKey(s3Key)}`;
  }

  checkUpload(
    s3Key: string,
    expires: string | undefined,
    signature: string | undefined,
  ): UploadSignatureCheck {
    return checkUploadSignature(
      this.settings.secret,
      s3Key,
      expires,
      signature,
      Math.floor(this.now() / 1000),
    );
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async save(s3Key: string, bytes: Buffer, info: Omit<StoredImageInfo, 'size'>): Promise<void> {
    const sidecar: StoredImageInfo = { ...info, size: bytes.length };
    await this.saveWithSidecar(s3Key, bytes, sidecar);
  }

  /** The file first, then its `.json` sidecar: a file without its sidecar is never read. */
  private async saveWithSidecar(s3Key: string, bytes: Buffer, sidecar: object): Promise<void> {
    const file = this.fileOf(s3Key);
    await mkdir(path.dirname(file), { recursive: true });
    const suffix = `.tmp-${crypto.randomUUID()}`;
    await writeFile(`${file}${suffix}`, bytes);
    await rename(`${file}${suffix}`, file);
    await writeFile(`${file}.json${suffix}`, JSON.stringify(sidecar));
    await rename(`${file}.json${suffix}`, `${file}.json`);
  }

  /** The stored image, or null when it was never uploaded (or was deleted). */
  async open(s3Key: string): Promise<StoredImage | null> {
    const file = this.fileOf(s3Key);
    try {
      const info = JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredImageInfo;
      const { size } = await stat(file);
      return { info: { ...info, size }, stream: createReadStream(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Only what an upload stored: the sidecar is written after the file, so a half-saved one is not read. */
  async read(s3Key: string): Promise<Buffer | null> {
    const file = this.fileOf(s3Key);
    try {
      await stat(`${file}.json`);
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(s3Key: string, { bytes, contentType, width, height }: ServerMadeImage): Promise<void> {
    await this.save(s3Key, bytes, { contentType, width, height });
  }

  async writeFile(key: string, { bytes, contentType }: StoredFile): Promise<void> {
    const sidecar: StoredFileInfo = { contentType, size: bytes.length };
    await this.saveWithSidecar(key, bytes, sidecar);
  }

  async readFile(key: string, maxBytes: number): Promise<StoredFile | null> {
    const file = this.fileOf(key);
    try {
      const info = JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredFileInfo;
      const { size } = await stat(file);
      if (size > maxBytes) throw new StoredFileTooLarge(`${key} is ${size} bytes`);
      return { bytes: await readFile(file), contentType: info.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(s3Key: string): Promise<void> {
    const file = this.fileOf(s3Key);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
    // Each image has its own folder ({uuid}/); drop it once empty.
    await rmdir(path.dirname(file)).catch(() => {});
  }

  /** The file for a key, refusing anything that could step outside the uploads folder. */
  private fileOf(s3Key: string): string {
    const segments = s3Key.split('/');
    const unsafe = segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment),
    );
    if (unsafe) throw new Error(`Refusing an unsafe storage key: ${JSON.stringify(s3Key)}`);
    return path.join(this.settings.uploadsDir, ...segments);
  }
}
