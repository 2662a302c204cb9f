import { z } from 'zod';
import { type SiteChange, siteChangeSchema } from '../../shared/siteChange';
import type { MovedQuizRedirects } from './movedQuizRedirects';
import type { PublishedPages } from './publishedPages';
import type { SiteHosts } from './siteHosts';
import type { SnapshotStore } from './snapshotStore';

/** The PostgreSQL channel every server process announces its published-site changes on. */
export const SITE_CHANGES_CHANNEL = 'quizbeam_site_changes';
/** PostgreSQL refuses payloads of 8000 bytes or more; a longer change is sent as `everything`. */
const MAX_PAYLOAD_BYTES = 7_000;

/** A notification's payload: the change and the process that made it, which has applied it already. */
export const siteChangeMessageSchema = z.object({ origin: z.string(), change: siteChangeSchema });

/** The caches a change reaches, as far as dropping entries goes. */
export interface SiteCaches {
  hosts: Pick<SiteHosts, 'addDomain' | 'removeDomain' | 'reload'>;
  pages: Pick<PublishedPages, 'invalidate' | 'invalidateHost' | 'invalidateAccount' | 'invalidateAll'>;
  snapshots: Pick<SnapshotStore, 'forgetStatus' | 'forgetAccountStatus' | 'forgetAllStatuses'>;
  redirects: Pick<MovedQuizRedirects, 'forgetAll'>;
}

/** Drops from this process's caches what the change made stale (the domain list is edited, or reloaded). */
export function applySiteChange(caches: SiteCaches, change: SiteChange, log: (error: unknown) => void): void {
  const { hosts, pages, snapshots, redirects } = caches;
  switch (change.kind) {
    case 'published':
      snapshots.forgetStatus(change.previous?.snapshotId ?? null);
      pages.invalidate(change.previous);
      pages.invalidate(change.current);
      redirects.forgetAll();
      return;
    case 'unpublished':
      snapshots.forgetStatus(change.previous?.snapshotId ?? null);
      for (const snapshotId of change.snapshotIds) snapshots.forgetStatus(snapshotId);
      pages.invalidate(change.previous);
      redirects.forgetAll();
      return;
    case 'quizRemoved':
      pages.invalidate(change.place);
      for (const snapshotId of change.snapshotIds) snapshots.forgetStatus(snapshotId);
      return;
    case 'domainAdded':
      hosts.addDomain(change.host);
      return;
    case 'domainRemoved':
      hosts.removeDomain(change.host);
      pages.invalidateHost(change.host);
      redirects.forgetAll();
      for (const snapshotId of change.snapshotIds) snapshots.forgetStatus(snapshotId);
      return;
    case 'accountStatusChanged':
      snapshots.forgetAccountStatus(change.accountId);
      pages.invalidateAccount(change.accountId);
      return;
    case 'everything':
      pages.invalidateAll();
      snapshots.forgetAllStatuses();
      redirects.forgetAll();
      hosts.reload().catch(log);
      return;
  }
}

/** The notification payload for a change: the change itself, or `everything` when it would be too long. */
export function siteChangePayload(origin: string, change: SiteChange): string {
  const payload = JSON.stringify({ origin, change });
  return Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES
    ? payload
    : JSON.stringify({ origin, change: { kind: 'everything' } });
}

/**
 * How the processes serving published sites keep their caches in line. A change made here is applied here
 * at once and, on PostgreSQL, announced to the other processes (`notify`, after the change is committed);
 * what they announce arrives through `receive` (see siteChangeListener.ts). Without `notify` (PGlite: one
 * process) announcing only applies it here.
 */
export class SiteChanges {
  /** This process, so that it never applies its own announcements a second time. */
  readonly origin = crypto.randomUUID();

  constructor(
    private readonly caches: SiteCaches,
    private readonly notify: ((payload: string) => Promise<void>) | null,
    private readonly log: (error: unknown) => void,
  ) {}

  /** Applies the change here, then tells the other processes; never throws (the change is committed already). */
  async announce(change: SiteChange): Promise<void> {
    applySiteChange(this.caches, change, this.log);
    if (!this.notify) return;
    try {
      await this.notify(siteChangePayload(this.origin, change));
    } catch (error) {
      this.log(error);
    }
  }

  /** A notification's payload: another process's change is applied; a malformed one is logged and ignored. */
  receive(payload: string): void {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      message = undefined;
    }
    const parsed = siteChangeMessageSchema.safeParse(message);
    if (!parsed.success) {
      this.log(new Error(`ignored a malformed site change notification: ${payload.slice(0, 200)}`));
      return;
    }
    if (parsed.data.origin !== this.origin) applySiteChange(this.caches, parsed.data.change, this.log);
  }

  /** Anything may have changed meanwhile (notifications were missed): drops every cache here. */
  resynchronize(): void {
    applySiteChange(this.caches, { kind: 'everything' }, this.log);
  }
}
