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
 * kept in memory (routing must decide synchronously) and edited at once when a domain is added or removed,
 * in any process (see siteChanges.ts); they are also reloaded every 30 s, in case an announcement was lost.
 */
export class SiteHosts {
  private customDomains = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Counts the edits, so a reload that read the table before one of them reads it again. */
  private edits = 0;

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
    for (;;) {
      const edits = this.edits;
      const rows = await this.db.select({ host: domains.host }).from(domains);
      if (edits === this.edits) {
        this.customDomains = new Set(rows.map((row) => row.host));
        return;
      }
    }
  }

  addDomain(host: string): void {
    this.edits += 1;
    this.customDomains.add(host);
  }

  removeDomain(host: string): void {
    this.edits += 1;
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
