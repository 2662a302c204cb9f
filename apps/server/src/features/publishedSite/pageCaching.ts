/*
 * How published pages may be cached. Every cache, browser or CDN, may keep a page but must ask Quizbeam before
 * each use (no-cache); the ETag names the snapshot, so an unchanged page costs a 304 and no body. A longer
 * shared lifetime (s-maxage) would let a CDN go on serving a page after Unpublish or Republish, and
 * stale-if-error would let it serve a disabled account's quiz for as long in place of the 503 that takes it
 * down. Every page still carries the quiz's surrogate key (`Surrogate-Key` and `Cache-Tag`) for CDNs that purge
 * by key.
 */
export const PAGE_CACHE_CONTROL = 'public, no-cache';

/** The key a CDN purge names to drop every cached page of a quiz. */
export const surrogateKeyOf = (quizId: string): string => `quiz-${quizId}`;
