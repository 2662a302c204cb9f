import type { AppContext } from '../../http/appContext';
import { DescriptionRotation } from './descriptionRotation';
import { loadPlayerFiles, type PlayerFiles } from './playerFiles';
import { PublishedPages } from './publishedPages';
import { SiteHosts } from './siteHosts';
import { SnapshotStore } from './snapshotStore';
import { VisitorEventWriter } from './visitorEventWriter';

/** Everything that serves published quizzes, shared by the visitor routes and the publishing calls. */
export interface PublishedSite {
  hosts: SiteHosts;
  snapshots: SnapshotStore;
  pages: PublishedPages;
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
  const [files] = await Promise.all([loadPlayerFiles(), hosts.start()]);
  const snapshots = new SnapshotStore(db);
  const events = new VisitorEventWriter(db, log);
  return {
    hosts,
    snapshots,
    pages: new PublishedPages(
      snapshots,
      config.publishUrl,
      `${PLAYER_FILES_PATH}${files.player.fileName}`,
      log,
    ),
    events,
    rotation: new DescriptionRotation(),
    files,
    async close() {
      hosts.stop();
      await events.close();
    },
  };
}
