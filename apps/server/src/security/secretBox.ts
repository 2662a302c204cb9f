import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets kept for the account (webhook signing secrets, the email services' keys and tokens, the Zapier
 * key) are encrypted at rest with AES-256-GCM under a key derived (HKDF-SHA256) from ENCRYPTION_KEY (or
 * the one generated under DATA_DIR), so a copy of the database alone does not reveal them. Stored as
 * `v1.{iv}.{tag}.{ciphertext}`, base64url. Secrets sealed before ENCRYPTION_KEY existed were sealed under
 * the session secret: `legacySecrets` still opens them.
 */

const VERSION = 'v1';

function keyFrom(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'quizbeam', 'stored secrets v1', 32));
}

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

function openWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function createSecretBox(serverSecret: string, legacySecrets: readonly string[] = []): SecretBox {
  const key = keyFrom(serverSecret);
  const legacyKeys = legacySecrets.filter((secret) => secret !== serverSecret).map(keyFrom);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      try {
        return openWith(key, sealed);
      } catch (error) {
        for (const legacyKey of legacyKeys) {
          try {
            return openWith(legacyKey, sealed);
          } catch {
            // try the next one
          }
        }
        throw error;
      }
    },
  };
}
