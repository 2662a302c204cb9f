import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';

/** Requests for published quizzes are routed under this prefix (see `rewriteUrl` in app.ts). */
export const PUBLISHED_PREFIX = '/__published';

const REFRESH_MS = 30_000;

/**
 * Which Host headers are published sites: PUBLISH_URL's host and every custom domain. The domains are
 * kept in memory (routing must decide synchronously) and reloaded every 30 s, so domains added or removed
 * by another server process are picked up; this process updates the set at once.
 */
export class SiteHosts {
  private customDomains = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    readonly publishHost: string,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch(() => {});
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    const rows = await this.db.select({ host: domains.host }).from(domains);
    this.customDomains = new Set(rows.map((row) => row.host));
  }

  addDomain(host: string): void {
    this.customDomains.add(host);
  }

  removeDomain(host: string): void {
    this.customDomains.delete(host);
  }

  /** The site a Host header names: its host as stored on snapshots, or null for the builder and API. */
  publishedSiteOf(hostHeader: string | undefined): string | null {
    if (!hostHeader) return null;
    const host = hostHeader.toLowerCase();
    if (host === this.publishHost) return host;
    const withoutPort = host.replace(/:\d+$/, '').replace(/\.$/, '');
    return this.customDomains.has(withoutPort) ? withoutPort : null;
  }
}
