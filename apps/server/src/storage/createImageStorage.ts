import type { ImageStorage } from './imageStorage';
import { LocalImageStorage } from './localImageStorage';
import { S3ImageStorage, type S3Settings } from './s3ImageStorage';

export interface ImageStorageSettings {
  /** config.appUrl: local uploads are PUT to and served from {appUrl}/uploads/. */
  appUrl: string;
  /** Absolute folder for local uploads: DATA_DIR/uploads. */
  uploadsDir: string;
  /** The session secret; local upload URLs are signed with a key derived from it. */
  secret: string;
  /** config.s3: set when S3_BUCKET is set. */
  s3: S3Settings | undefined;
}

export function createImageStorage({ appUrl, uploadsDir, secret, s3 }: ImageStorageSettings): ImageStorage {
  return s3 ? new S3ImageStorage(s3) : new LocalImageStorage({ appUrl, uploadsDir, secret });
}
