import type { ImageContentType } from '@quizbeam/contracts/images';
import type { LocalImageStorage } from './localImageStorage';
import type { S3ImageStorage } from './s3ImageStorage';

/** Where uploaded images live: local disk (the default) or an S3 bucket (when S3_BUCKET is set). */
export type ImageStorage = LocalImageStorage | S3ImageStorage;

export interface UploadRequest {
  s3Key: string;
  /** The browser must send exactly this Content-Type and Cache-Control with its PUT. */
  contentType: ImageContentType;
  cacheControl: string;
  /** The exact size the upload must have, when known (S3 signs it, so any other size is refused). */
  contentLength?: number | undefined;
}

/** What both drivers do; the local one also receives and serves the bytes itself. */
export interface ImageStore {
  /** A URL the browser PUTs the file to, valid for UPLOAD_URL_TTL_SECONDS. */
  presignUpload(upload: UploadRequest): Promise<string>;
  /** Where the uploaded image is shown, without any session. */
  publicUrl(s3Key: string): string;
  /** Removes the image; removing one that is not there is not an error. */
  remove(s3Key: string): Promise<void>;
  /** The stored file's bytes (at most IMAGE_MAX_BYTES), or null when nothing was uploaded there. */
  read(s3Key: string): Promise<Buffer | null>;
  /** Stores a file the server made (a resized variant), served publicly with the long cache header. */
  write(s3Key: string, file: ServerMadeImage): Promise<void>;
  /**
   * Stores any file (not an image of an account): never served publicly by the storage itself, so the app
   * decides who may read it (keys outside `accounts/` are not in the public part of a bucket).
   */
  writeFile(key: string, file: StoredFile): Promise<void>;
  /** A file `writeFile` stored, or null when there is none; StoredFileTooLarge above `maxBytes`. */
  readFile(key: string, maxBytes: number): Promise<StoredFile | null>;
}

/** A file kept in the storage with the content type it is served with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** A stored file larger than its reader accepts. */
export class StoredFileTooLarge extends Error {}

/** A stored file over IMAGE_MAX_BYTES (only possible when someone bypassed the signed upload). */
export class StoredImageTooLarge extends Error {}

export interface ServerMadeImage {
  bytes: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/** Keys hold only URL-safe characters, but each segment is encoded anyway. */
export const encodeKey = (s3Key: string) => s3Key.split('/').map(encodeURIComponent).join('/');
