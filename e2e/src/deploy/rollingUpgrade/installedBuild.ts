import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../serverProcess';

/** One more SQL migration for a newer build, as drizzle-kit would write it (statements split by breakpoints). */
export interface AddedMigration {
  /** drizzle's name for it: the SQL file's name without `.sql`. */
  tag: string;
  statements: string[];
}

/** A build installed in a folder of its own, as a server would hold one release beside the next. */
export interface InstalledBuild {
  label: string;
  root: string;
  /** `node <mainPath>` is `npm start` without the staleness check. */
  mainPath: string;
  /** The tags of the migrations this build ships, in order. */
  migrationTags: string[];
  remove(): void;
}

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

/**
 * What the server reads at run time (the Dockerfile's runtime stage copies the same): the compiled entry points,
 * the builder's and the player's builds, the SQL migrations and the starter library's JSON, found from the
 * folder whose package.json lists the workspaces. The npm packages are not copied: both node_modules folders
 * are links to the repository's, the same packages for every build.
 */
const COPIED = [
  'package.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/builder/dist',
  'apps/player/dist',
  'packages/db/drizzle',
  'apps/server/src/features/templates/starterLibrary/categories.json',
  'apps/server/src/features/templates/starterLibrary/templates',
];
const LINKED = ['node_modules', 'apps/server/node_modules'];

/**
 * A copy of the repository's build (`npm run build` first) with `added` appended to its migrations: the
 * newer release of a rolling upgrade. Each added migration is dated a minute after the one before it, as
 * drizzle's migrator applies only those newer than the newest one the database has.
 */
export function installBuild(label: string, added: AddedMigration[]): InstalledBuild {
  const root = mkdtempSync(path.join(tmpdir(), `quizbeam-${label}-`));
  for (const relative of COPIED) {
    cpSync(path.join(repoRoot, relative), path.join(root, relative), { recursive: true });
  }
  for (const relative of LINKED) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    symlinkSync(path.join(repoRoot, relative), path.join(root, relative));
  }
  const drizzleFolder = path.join(root, 'packages/db/drizzle');
  const journalPath = path.join(drizzleFolder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  for (const migration of added) {
    const last = journal.entries.at(-1);
    if (!last) throw new Error(`${journalPath} lists no migration`);
    writeFileSync(
      path.join(drizzleFolder, `${migration.tag}.sql`),
      migration.statements.join('--> statement-breakpoint\n'),
    );
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 60_000, tag: migration.tag });
  }
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return {
    label,
    root,
    mainPath: path.join(root, 'apps/server/dist/main.js'),
    migrationTags: journal.entries.map((entry) => entry.tag),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
