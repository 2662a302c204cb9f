import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { IMAGE_CACHE_MAX_AGE, IMAGE_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from '@quizbeam/contracts/images';
import {
  encodeKey,
  type ImageStore,
  type ServerMadeImage,
  type StoredFile,
  StoredFileTooLarge,
  StoredImageTooLarge,
  type UploadRequest,
} from './imageStorage';

/** The S3_* settings; S3 is used when S3_BUCKET is set. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, s3rver in tests); unset means AWS. */
  endpoint: string | undefined;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base for public image URLs, such as a CDN in front of the bucket; unset: the bucket's own URL. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Images in an S3 bucket. The browser PUTs straight to S3 with a presigned URL, so the server never
 * sees the bytes: it cannot check them by content. Instead the URL signs Content-Type (an image type
 * chosen from the file extension; SVG is never offered) and Cache-Control, so S3 refuses a PUT with
 * any other values, and the object is always served as that image type. Give the bucket a policy
 * that makes objects under accounts/ publicly readable and nothing else.
 */
export class S3ImageStorage implements ImageStore {
  readonly driver = 's3';
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    const { region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } = settings;
    this.client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Otherwise the SDK adds a CRC32 checksum of the (empty) request to the presigned URL, which the
      // browser's PUT cannot match; S3-compatible stores often reject the checksum headers too.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignUpload({ s3Key, contentType, cacheControl, contentLength }: UploadRequest): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: s3Key,
      ContentType: contentType,
      CacheControl: cacheControl,
      ContentLength: contentLength,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_URL_TTL_SECONDS,
      // Left out of the signature by default; signing them is what makes S3 enforce them (the length
      // keeps an upload to the size counted against the account's storage).
      signableHeaders: new Set([
        'content-type',
        'cache-control',
        ...(contentLength ? ['content-length'] : []),
      ]),
    });
  }

  publicUrl(s3Key: string): string {
    const { bucket, region, endpoint, publicUrl, forcePathStyle } = this.settings;
    const key = encodeKey(s3Key);
    if (publicUrl) return `${publicUrl}/${key}`;
    if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com/${key}`;
    const base = new URL(endpoint);
    if (forcePathStyle) return `${base.origin}/${bucket}/${key}`;
    return `${base.protocol}//${bucket}.${base.host}/${key}`;
  }

  /** The origins the builder PUTs uploads to and shows images from (its Content-Security-Policy allows them). */
  browserOrigins(): string[] {
    const { bucket, region, endpoint, forcePathStyle } = this.settings;
    const uploadOrigin = !endpoint
      ? `https://${bucket}.s3.${region}.amazonaws.com`
      : forcePathStyle
        ? new URL(endpoint).origin
        : `${new URL(endpoint).protocol}//${bucket}.${new URL(endpoint).host}`;
    return [...new Set([uploadOrigin, new URL(this.publicUrl('x')).origin])];
  }

  async read(s3Key: string): Promise<Buffer | null> {
    const { bucket } = this.settings;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: s3Key }));
      if ((object.ContentLength ?? 0) > IMAGE_MAX_BYTES) {
        await object.Body?.transformToWebStream()
          .cancel()
          .catch(() => undefined);
        throw new StoredImageTooLarge(`${s3Key} is ${object.ContentLength} bytes`);
      }
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async write(s3Key: string, { bytes, contentType }: ServerMadeImage): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: s3Key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: `max-age=${IMAGE_CACHE_MAX_AGE}`,
      }),
    );
  }

  /** Private to the app: kept out of the bucket's public prefix by its key, never cached by a browser. */
  async writeFile(key: string, { bytes, contentType }: StoredFile): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'private, no-store',
      }),
    );
  }

  async readFile(key: string, maxBytes: number): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        await object.Body?.transformToWebStream()
          .cancel()
          .catch(() => undefined);
        throw new StoredFileTooLarge(`${key} is ${object.ContentLength} bytes`);
      }
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(s3Key: string): Promise<void> {
    // S3 answers 204 for a key that does not exist, so this is idempotent as it stands.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: s3Key }));
  }
}
