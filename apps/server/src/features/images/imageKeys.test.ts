import { describe, expect, it } from 'vitest';
import {
  accountOfImageKey,
  accountOfStoredImageKey,
  contentTypeForFilename,
  newImageKey,
  sanitizeFilename,
  variantKey,
} from './imageKeys';

const accountId = '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f';

describe('image keys', () => {
  it('maps the allowed extensions to their image type, case-insensitively, and nothing else', () => {
    expect(contentTypeForFilename('a.PNG')).toBe('image/png');
    expect(contentTypeForFilename('a.jpg')).toBe('image/jpeg');
    expect(contentTypeForFilename('a.b.JPEG')).toBe('image/jpeg');
    expect(contentTypeForFilename('a.gif')).toBe('image/gif');
    expect(contentTypeForFilename('a.webp')).toBe('image/webp');
    for (const name of ['a.svg', 'a.html', 'png', 'a.png.exe', 'a.', 'a.constructor']) {
      expect(contentTypeForFilename(name)).toBeNull();
    }
  });

  it('sanitizes file names for URLs and disks', () => {
    expect(sanitizeFilename('My Photo (1).PNG')).toBe('My-Photo-1.png');
    expect(sanitizeFilename('Café déjà vu.jpeg')).toBe('Cafe-deja-vu.jpeg');
    expect(sanitizeFilename('../../etc/passwd.png')).toBe('etc-passwd.png');
    expect(sanitizeFilename('.png')).toBe('image.png');
    expect(sanitizeFilename('日本.gif')).toBe('image.gif');
    expect(sanitizeFilename(`${'a'.repeat(250)}.webp`)).toBe(`${'a'.repeat(100)}.webp`);
  });

  it('issues a fresh key under the account prefix that maps back to the account', () => {
    const first = newImageKey(accountId, 'Logo.png');
    const second = newImageKey(accountId, 'Logo.png');
    expect(first.s3Key).toBe(`accounts/${accountId}/images/${first.id}/Logo.png`);
    expect(first.filename).toBe('Logo.png');
    expect(second.s3Key).not.toBe(first.s3Key);
    expect(accountOfImageKey(first.s3Key)).toBe(accountId);
  });

  it('recognises only keys it could have issued', () => {
    const { id } = newImageKey(accountId, 'a.png');
    for (const key of [
      `accounts/${accountId}/images/${id}/a.png.json`,
      `accounts/${accountId}/images/${id}/../a.png`,
      `accounts/${accountId}/images/${id}/a.svg`,
      `accounts/${accountId}/images/a.png`,
      `accounts/${accountId}/images/${id}/sub/a.png`,
      `other/${accountId}/images/${id}/a.png`,
      '../../session-secret',
    ]) {
      expect(accountOfImageKey(key)).toBeNull();
    }
  });

  it('names variants beside their image; reads accept them, uploads and deletes do not', () => {
    const { s3Key } = newImageKey(accountId, 'Photo.jpg');
    expect(variantKey(s3Key, 640, 'image/webp')).toBe(`${s3Key}.w640.webp`);
    expect(variantKey(s3Key, 1920, 'image/jpeg')).toBe(`${s3Key}.w1920.jpg`);
    expect(variantKey(s3Key, 500, 'image/png')).toBe(`${s3Key}.w500.png`);
    for (const key of [s3Key, `${s3Key}.w640.webp`, `${s3Key}.w1920.jpg`, `${s3Key}.w500.png`]) {
      expect(accountOfStoredImageKey(key), key).toBe(accountId);
    }
    expect(accountOfImageKey(`${s3Key}.w640.webp`)).toBeNull();
    for (const key of [
      `${s3Key}.w640.gif`,
      `${s3Key}.w0.webp`,
      `${s3Key}.w640.webp.json`,
      `${s3Key}.w640.webp.w640.webp`,
      `${s3Key}.w123456.webp`,
    ]) {
      expect(accountOfStoredImageKey(key), key).toBeNull();
    }
  });
});
