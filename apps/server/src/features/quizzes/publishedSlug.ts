import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A published quiz's path: 8 characters of [a-z0-9] (36^8 ≈ 2.8e12), matching PUBLISHED_SLUG_PATTERN. */
export function newPublishedSlug(): string {
  let slug = '';
  for (let i = 0; i < 8; i += 1) slug += ALPHABET[randomInt(ALPHABET.length)];
  return slug;
}
