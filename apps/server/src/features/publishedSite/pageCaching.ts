/*
 * How published pages may be cached. Browsers revalidate on every visit (max-age=0; the ETag is the snapshot
 * id, so an unchanged page costs a 304). Shared caches (a CDN, or Caddy with a cache handler) may keep a page
 * for a minute, and serve it for a day while Quizbeam is unreachable. Republish and Unpublish change what is
 * live at once here; a shared cache shows it within a minute, or at once when it is purged (by URL, or by the
 * quiz's surrogate key, which every page carries as `Surrogate-Key` and `Cache-Tag`): see README.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-if-error=86400';

/** The key a CDN purge names to drop every cached page of a quiz. */
export const surrogateKeyOf = (quizId: string): string => `quiz-${quizId}`;
