import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Keeps a generated secret in the data directory so sessions survive restarts. */
export function loadSessionSecret(dataDir: string, configured: string | undefined): string {
  return loadGeneratedSecret(dataDir, 'session-secret', configured);
}

/** The key stored secrets are sealed with (ENCRYPTION_KEY, or one generated once under DATA_DIR). */
export function loadEncryptionKey(dataDir: string, configured: string | undefined): string {
  return loadGeneratedSecret(dataDir, 'encryption-key', configured);
}

function loadGeneratedSecret(dataDir: string, name: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
