import { describe, expect, it } from 'vitest';
import { checkUploadSignature, signUpload } from './uploadSignature';

const secret = 'a-session-secret-long-enough-0123456789';
const key = 'accounts/a/images/b/photo.png';
const now = 1_800_000_000;

describe('upload signatures', () => {
  it('accepts its own signature until the expiry time, then reports it expired', () => {
    const { expires, signature } = signUpload(secret, key, now + 900);
    expect(checkUploadSignature(secret, key, String(expires), signature, now)).toBe('valid');
    expect(checkUploadSignature(secret, key, String(expires), signature, now + 900)).toBe('valid');
    expect(checkUploadSignature(secret, key, String(expires), signature, now + 901)).toBe('expired');
  });

  it('refuses a signature for another key, another expiry or another secret', () => {
    const { expires, signature } = signUpload(secret, key, now + 900);
    expect(checkUploadSignature(secret, `${key}x`, String(expires), signature, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(expires + 3600), signature, now)).toBe('invalid');
    expect(checkUploadSignature(`${secret}!`, key, String(expires), signature, now)).toBe('invalid');
  });

  it('refuses a tampered, padded or missing signature', () => {
    const { expires, signature } = signUpload(secret, key, now + 900);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkUploadSignature(secret, key, String(expires), flipped, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(expires), `${signature}=`, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(expires), `${signature}!`, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(expires), undefined, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, undefined, signature, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, '1e12', signature, now)).toBe('invalid');
  });

  it('reports a forged signature as invalid even when it has expired', () => {
    expect(checkUploadSignature(secret, key, String(now - 10), 'forged', now)).toBe('invalid');
  });
});
