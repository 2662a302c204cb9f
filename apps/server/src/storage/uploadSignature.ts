import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The local-disk stand-in for an S3 presigned PUT: an HMAC-SHA256 over the method, the key and the
 * expiry time. The key is derived from the session secret for this one purpose, so an upload
 * signature can never be replayed as a session cookie signature or the other way round.
 */
export interface UploadSignature {
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  signature: string;
}

export type UploadSignatureCheck = 'valid' | 'invalid' | 'expired';

const uploadKey = (secret: string) =>
  createHmac('sha256', secret).update('quizbeam:image-upload:v1').digest();

const mac = (secret: string, s3Key: string, expires: number) =>
  createHmac('sha256', uploadKey(secret)).update(`PUT\n${s3Key}\n${expires}`).digest('base64url');

export function signUpload(secret: string, s3Key: string, expires: number): UploadSignature {
  return { expires, signature: mac(secret, s3Key, expires) };
}

/** Checks the signature first, so an expired URL with a forged signature reads as invalid. */
export function checkUploadSignature(
  secret: string,
  s3Key: string,
  expires: string | undefined,
  signature: string | undefined,
  nowSeconds: number,
): UploadSignatureCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  // Compared as text: base64 decoding skips stray characters, so decoded bytes could hide tampering.
  const expected = Buffer.from(mac(secret, s3Key, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowSeconds > Number(expires) ? 'expired' : 'valid';
}
