import type { SiteChange } from './siteChange';

/**
 * How a use case tells the published sites what it changed, once its transaction has committed: the caches
 * of this process drop what went stale at once, and every other process hears it too.
 */
export interface SiteChangeAnnouncer {
  announce(change: SiteChange): Promise<void>;
}
