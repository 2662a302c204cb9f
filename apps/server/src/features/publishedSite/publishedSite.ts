import { sql } from 'drizzle-orm';
import type { AppContext } from '../../http/appContext';
import { DescriptionRotation } from './descriptionRotation';
import { MovedQuizRedirects } from './movedQuizRedirects';
import { loadPlayerFiles, type PlayerFiles } from './playerFiles';
import { PublishedPages } from './publishedPages';
import { SiteChangeListener } from './siteChangeListener';
import { SITE_CHANGES_CHANNEL, SiteChanges } from './siteChanges';
import { SiteHosts } from './siteHosts';
import { SnapshotStore } from './snapshotStore';
import { EVENT_WRITER_LIMITS, POSTGRES_EVENT_WRITER_LIMITS, VisitorEventWriter } from './visitorEventWriter';

/** Everything that serves published quizzes, shared by the visitor routes and the publishing calls. */
export interface PublishedSite {
  hosts: SiteHosts;
  snapshots: SnapshotStore;
  pages: PublishedPages;
  redirects: MovedQuizRedirects;
  /** Publish, Unpublish, domain and account changes: applied to the caches here and in every other process. */
  changes: SiteChanges;
  events: VisitorEventWriter;
  rotation: DescriptionRotation;
  files: PlayerFiles;
  close(): Promise<void>;
}

export const PLAYER_FILES_PATH = '/_q/';

export async function createPublishedSite(
  context: Pick<AppContext, 'config' | 'db'>,
  log: (error: unknown) => void,
): Promise<PublishedSite> {
  const { config, db } = context;
  const hosts = new SiteHosts(db, new URL(config.publishUrl).host);
  const snapshots = new SnapshotStore(db);
  const redirects = new MovedQuizRedirects(context);
  const files = await loadPlayerFiles();
  const pages = new PublishedPages(
    snapshots,
    config.publishUrl,
    `${PLAYER_FILES_PATH}${files.player.fileName}`,
    log,
  );
  // PGlite is one process: nobody else to tell. On PostgreSQL other server processes may share the database.
  const notify = config.databaseUrl
    ? async (payload: string) => {
        await db.execute(sql`select pg_notify(${SITE_CHANGES_CHANNEL}, ${payload})`);
      }
    : null;
  const changes = new SiteChanges({ hosts, pages, snapshots, redirects }, notify, log);
  const listener = config.databaseUrl
    ? new SiteChangeListener({
        databaseUrl: config.databaseUrl,
        channel: SITE_CHANGES_CHANNEL,
        onPayload: (payload) => changes.receive(payload),
        onResumed: () => changes.resynchronize(),
        log,
      })
    : null;
  // Listening before the domains are read, so that no domain added in between is missed.
  await listener?.start();
  await hosts.start();
  const events = new VisitorEventWriter(
    db,
    log,
    config.databaseUrl ? POSTGRES_EVENT_WRITER_LIMITS : EVENT_WRITER_LIMITS,
  );
  return {
    hosts,
    snapshots,
    pages,
    redirects,
    changes,
    events,
    rotation: new DescriptionRotation(),
    files,
    async close() {
      await listener?.close();
      hosts.stop();
      await events.close();
    },
  };
}
