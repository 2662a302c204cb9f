import type { Database } from '@quizbeam/db/database';
import { domains } from '@quizbeam/db/schema';
import { LRUCache } from 'lru-cache';

/** Requests for published quizzes are routed under this prefix (see `rewriteUrl` in app.ts). */
export const PUBLISHED_PREFIX = '/__published';

/**
 * A Host header's host name as we compare it (WHATWG URL parsing: lower case, IDN as punycode), without the
 * port and without the trailing dot of a fully qualified name. Null when it is not a plain host[:port].
 */
export function hostNameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  let name = recentHostNames.get(hostHeader);
  if (name === undefined) {
    name = parsedHostName(hostHeader) ?? '';
    recentHostNames.set(hostHeader, name);
  }
  return name === '' ? null : name;
}

/** Every request asks (a few times); the Host headers a server sees are few, so each is parsed once ('' for none). */
const recentHostNames = new LRUCache<string, string>({ max: 1_000 });

function parsedHostName(hostHeader: string): string | null {
  if (/[@/?#\\\s]/.test(hostHeader)) return null;
  try {
    const name = new URL(`http://${hostHeader}`).hostname.replace(/\.$/, '');
    return name === '' ? null : name;
  } catch {
    return null;
  }
}

const REFRESH_MS = 30_000;

/**
 * Which Host headers are published sites: PUBLISH_URL's host and every custom domain. The domains are
 * kept in memory (routing must decide synchronously) and reloaded every 30 s, so domains added or removed
 * by another server process are picked up; this process updates the set at once.
 */
export class SiteHosts {
  private customDomains = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  private readonly publishHostName: string | null;

  constructor(
    private readonly db: Database,
    /** PUBLISH_URL's host as snapshots store it (with its port, when it has one). */
    readonly publishHost: string,
  ) {
    this.publishHostName = hostNameOf(publishHost);
  }

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

  /**
   * The site a Host header names, by host name whatever the port (a proxy may drop or change it): its host
   * as stored on snapshots, or null when it is not a published site.
   */
  publishedSiteOf(hostHeader: string | undefined): string | null {
    const name = hostNameOf(hostHeader);
    if (name === null) return null;
    if (name === this.publishHostName) return this.publishHost;
    return this.customDomains.has(name) ? name : null;
  }
}
