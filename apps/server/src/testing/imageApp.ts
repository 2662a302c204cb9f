import path from 'node:path';
import { createImageStorage } from '../storage/createImageStorage';
import type { ImageStorage } from '../storage/imageStorage';
import type { S3Settings } from '../storage/s3ImageStorage';
import { APP_ORIGIN, sessionCookieFrom, startTestApp, type TestApp } from './testApp';

export interface ImageTestApp extends TestApp {
  storage: ImageStorage;
  uploadsDir: string;
  /** A fresh account with a signed-in session. */
  signedInAccount(): Promise<{ accountId: string; cookie: string }>;
}

const s3Env = (s3: S3Settings): Record<string, string> => ({
  S3_BUCKET: s3.bucket,
  S3_REGION: s3.region,
  ...(s3.endpoint ? { S3_ENDPOINT: s3.endpoint } : {}),
  ...(s3.accessKeyId ? { S3_ACCESS_KEY_ID: s3.accessKeyId } : {}),
  ...(s3.secretAccessKey ? { S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : {}),
  ...(s3.publicUrl ? { S3_PUBLIC_URL: s3.publicUrl } : {}),
  S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
});

/** The real test app (its image storage chosen by the same S3_* variables) with upload helpers. */
export async function startImageTestApp(
  s3?: S3Settings,
  env: Record<string, string> = {},
): Promise<ImageTestApp> {
  const t = await startTestApp({ ...(s3 ? s3Env(s3) : {}), ...env });
  const { config, sessionSecret } = t.context;
  const uploadsDir = path.join(path.resolve(config.dataDir), 'uploads');
  const storage = createImageStorage({ appUrl: config.appUrl, uploadsDir, secret: sessionSecret, s3 });
  return {
    ...t,
    storage,
    uploadsDir,
    async signedInAccount() {
      const { accountId, email } = await t.createAccount();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin: APP_ORIGIN },
        payload: { email, password: 'correct horse' },
      });
      return { accountId, cookie: sessionCookieFrom(login) };
    },
  };
}
