import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { QuizLanguage } from '@quizbeam/contracts/quizLanguage';
import { pageLanguagesOf } from '@quizbeam/contracts/quizVisitorTexts';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { LRUCache } from 'lru-cache';
import type { Snapshot } from '../../shared/snapshot';
import { PUBLISHED_FONTS_PATH } from '../fonts/fontFiles';
import { type CompressedBody, compressBody, compressedSize } from './compressedBody';
import { renderPublishedPage } from './render/renderPublishedPage';
import type { SnapshotStore } from './snapshotStore';

/** How long a cached page is served before checking that it is still the live one (other processes may publish). */
const REVALIDATE_MS = 5_000;
/** Rendered pages are kept up to this many bytes (all three encodings counted). */
const MAX_PAGE_BYTES = 256 * 1024 * 1024;
/** Paths with nothing published are remembered briefly, apart from the pages, so misses never evict hits. */
const MAX_MISSES = 5_000;

/** A live quiz's page, or the mark that its account is disabled (the route answers the unavailable page). */
export type PublishedPage =
  | {
      kind: 'quiz';
      /** The page in each language it can be shown in: the quiz's own, or every one when it follows the browser. */
      bodies: ReadonlyMap<VisitorLanguage, CompressedBody>;
      language: QuizLanguage | undefined;
      quizId: string;
    }
  | { kind: 'unavailable'; quizId: string };

interface Entry {
  page: PublishedPage;
  snapshotId: string;
  accountId: string;
  checkedAt: number;
}

const pageSize = (page: PublishedPage) =>
  page.kind === 'quiz' ? [...page.bodies.values()].reduce((sum, body) => sum + compressedSize(body), 0) : 0;

/**
 * Published pages, rendered once per snapshot and kept in memory pre-compressed (least recently used go
 * first when the byte budget is reached). A page checked over 5 s ago is still served while it is checked
 * again in the background, so a busy page is never slowed; Publish, Republish and Unpublish drop it at once,
 * in every process (see siteChanges.ts), and the 5 s check covers an announcement that was lost.
 */
export class PublishedPages {
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: MAX_PAGE_BYTES,
    sizeCalculation: (entry) => Math.max(1, pageSize(entry.page)),
  });
  private readonly misses = new LRUCache<string, true>({ max: MAX_MISSES, ttl: REVALIDATE_MS });
  private readonly loading = new Map<string, Promise<PublishedPage | null>>();
  /** Bumped by every invalidation, so a look-up that started before it never stores what it found. */
  private generation = 0;

  constructor(
    private readonly snapshots: SnapshotStore,
    private readonly publishUrl: string,
    private readonly playerScriptUrl: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The page at host/slug: from memory when there, else looked up and rendered (one look-up at a time per page). */
  page(host: string, slug: string): PublishedPage | null | Promise<PublishedPage | null> {
    const key = `${host}/${slug}`;
    const entry = this.entries.get(key);
    if (entry) {
      if (Date.now() - entry.checkedAt >= REVALIDATE_MS && !this.loading.has(key)) {
        entry.checkedAt = Date.now();
        this.startLoad(key, host, slug).catch(this.onError);
      }
      return entry.page;
    }
    if (this.misses.has(key)) return null;
    return this.loading.get(key) ?? this.startLoad(key, host, slug);
  }

  /** Renders the page ahead of its first visitor (after Publish), so nobody waits for the compression. */
  warm(place: { host: string; slug: string }): void {
    this.invalidate(place);
    const key = `${place.host}/${place.slug}`;
    if (!this.loading.has(key)) this.startLoad(key, place.host, place.slug).catch(this.onError);
  }

  /**
   * Drops the page at once. A look-up already under way is let go too: whoever asked before gets what it
   * finds, whoever asks after waits for a new one.
   */
  invalidate(place: { host: string; slug: string } | null): void {
    if (!place) return;
    const key = `${place.host}/${place.slug}`;
    this.generation += 1;
    this.entries.delete(key);
    this.misses.delete(key);
    this.loading.delete(key);
  }

  invalidateHost(host: string): void {
    this.generation += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${host}/`)) this.entries.delete(key);
    for (const key of [...this.misses.keys()]) if (key.startsWith(`${host}/`)) this.misses.delete(key);
  }

  /**
   * Drops every page of the account's quizzes (it has just been disabled or enabled). Look-ups under
   * way are let go, whatever their page: which account one is for is only known once it ends.
   */
  invalidateAccount(accountId: string): void {
    this.generation += 1;
    for (const [key, entry] of [...this.entries.entries()]) {
      if (entry.accountId === accountId) this.entries.delete(key);
    }
    this.loading.clear();
  }

  /** Drops every page and miss (changes may have been missed): each is looked up again when next asked for. */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.misses.clear();
    this.loading.clear();
  }

  private startLoad(key: string, host: string, slug: string): Promise<PublishedPage | null> {
    const load = this.load(key, host, slug).finally(() => {
      // An invalidation may have let this one go and started another meanwhile.
      if (this.loading.get(key) === load) this.loading.delete(key);
    });
    this.loading.set(key, load);
    return load;
  }

  private async load(key: string, host: string, slug: string): Promise<PublishedPage | null> {
    const generation = this.generation;
    const snapshotId = await this.snapshots.liveSnapshotId(host, slug);
    const previous = this.entries.peek(key);
    if (snapshotId !== null && previous?.snapshotId === snapshotId) {
      const unavailable = await this.snapshots.accountDisabled(previous.accountId);
      if (unavailable === (previous.page.kind === 'unavailable')) {
        previous.checkedAt = Date.now();
        return previous.page;
      }
    }
    const snapshot = snapshotId ? await this.snapshots.get(snapshotId) : null;
    if (!snapshot) {
      if (generation === this.generation) {
        this.entries.delete(key);
        this.misses.set(key, true);
      }
      return null;
    }
    const page = (await this.snapshots.accountDisabled(snapshot.accountId))
      ? { kind: 'unavailable' as const, quizId: snapshot.quizId }
      : await this.render(snapshot, host, slug);
    if (generation === this.generation) {
      this.misses.delete(key);
      this.entries.set(key, {
        page,
        snapshotId: snapshot.id,
        accountId: snapshot.accountId,
        checkedAt: Date.now(),
      });
    }
    return page;
  }

  private async render(snapshot: Snapshot, host: string, slug: string): Promise<PublishedPage> {
    const languages = pageLanguagesOf(snapshot.quiz.language);
    const bodies = await Promise.all(
      languages.map((language) => this.renderIn(snapshot, host, slug, language, languages.length > 1)),
    );
    return {
      kind: 'quiz',
      bodies: new Map(languages.map((language, index) => [language, bodies[index] as CompressedBody])),
      language: snapshot.quiz.language,
      quizId: snapshot.quizId,
    };
  }

  private renderIn(
    snapshot: Snapshot,
    host: string,
    slug: string,
    language: VisitorLanguage,
    several: boolean,
  ): Promise<CompressedBody> {
    const html = renderPublishedPage({
      quiz: snapshot.quiz,
      language,
      snapshotId: snapshot.id,
      maxScore: snapshot.maxScore,
      showPoweredByBadge: snapshot.showPoweredByBadge,
      scripts: snapshot.scripts,
      tracking: snapshot.tracking,
      mode: 'published',
      pageUrl: publishedQuizUrl(this.publishUrl, host, slug),
      playerScriptUrl: this.playerScriptUrl,
      fontBaseUrl: PUBLISHED_FONTS_PATH,
    });
    return compressBody(html, several ? `${snapshot.id}-${language}` : snapshot.id);
  }
}
