import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import { renderPublishedPage } from '../../player/renderPublishedPage';
import { type CompressedBody, compressBody } from './compressedBody';
import type { SnapshotStore } from './snapshotStore';

/** How long a cached page is served before checking that it is still the live one (other processes may publish). */
const REVALIDATE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  page: CompressedBody | null;
  snapshotId: string | null;
  checkedAt: number;
}

/**
 * Published pages, rendered once per snapshot and kept in memory pre-compressed. Publish, Republish and
 * Unpublish in this process drop the entry at once; changes made by another process show within 5 s.
 */
export class PublishedPages {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CompressedBody | null>>();

  constructor(
    private readonly snapshots: SnapshotStore,
    private readonly publishUrl: string,
    private readonly playerScriptUrl: string,
  ) {}

  /** The page at host/slug: from memory when fresh, else looked up (one look-up at a time per page). */
  page(host: string, slug: string): CompressedBody | null | Promise<CompressedBody | null> {
    const key = `${host}/${slug}`;
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.checkedAt < REVALIDATE_MS) return entry.page;
    return this.loading.get(key) ?? this.startLoad(key, host, slug, entry);
  }

  /**
   * The page in memory, never waiting. One checked more than 5 s ago is still returned, and checked again
   * in the background (at most once per 5 s, also when the check fails), so a busy page is never slowed.
   */
  cachedPage(host: string, slug: string): CompressedBody | null {
    const key = `${host}/${slug}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.checkedAt >= REVALIDATE_MS && !this.loading.has(key)) {
      entry.checkedAt = Date.now();
      this.startLoad(key, host, slug, entry).catch(() => {});
    }
    return entry.page;
  }

  invalidate(place: { host: string; slug: string } | null): void {
    if (place) this.entries.delete(`${place.host}/${place.slug}`);
  }

  invalidateHost(host: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${host}/`)) this.entries.delete(key);
  }

  /** Looks the page up, one look-up at a time per page. */
  private startLoad(key: string, host: string, slug: string, previous: Entry | undefined) {
    const load = this.load(key, host, slug, previous).finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
  }

  private async load(
    key: string,
    host: string,
    slug: string,
    previous: Entry | undefined,
  ): Promise<CompressedBody | null> {
    const snapshotId = await this.snapshots.liveSnapshotId(host, slug);
    if (snapshotId !== null && previous?.snapshotId === snapshotId && previous.page) {
      this.entries.set(key, { ...previous, checkedAt: Date.now() });
      return previous.page;
    }
    const snapshot = snapshotId ? await this.snapshots.get(snapshotId) : null;
    const page = snapshot
      ? compressBody(
          renderPublishedPage({
            quiz: snapshot.quiz,
            snapshotId: snapshot.id,
            maxScore: snapshot.maxScore,
            showPoweredByBadge: snapshot.showPoweredByBadge,
            scripts: snapshot.scripts,
            mode: 'published',
            pageUrl: publishedQuizUrl(this.publishUrl, host, slug),
            playerScriptUrl: this.playerScriptUrl,
          }),
          snapshot.id,
        )
      : null;
    // Unknown paths are remembered too (briefly); the oldest entry goes when the map is full.
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { page, snapshotId, checkedAt: Date.now() });
    return page;
  }
}
