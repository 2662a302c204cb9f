import type { Database } from '@quizbeam/db/database';
import { hasNoTemplateLibrary, seedStarterLibrary } from './seedStarterLibrary';
import { seedSummary } from './seedSummary';
import { loadStarterLibrary } from './starterLibrary/loadStarterLibrary';
import type { StarterLibrary } from './starterLibrary/starterTemplate';

/**
 * At start: a fresh database (no template and no category yet) gets the starter library, so New Quiz offers
 * templates from the first sign-in. A database with any of either is left alone (an admin may have removed
 * starter categories on purpose); `npm run cli -- templates:seed` adds what is missing there. A library that
 * cannot be added is reported, not fatal: the server is useful without templates, and the seed runs in one
 * transaction, so the next start (or the CLI) tries again from nothing.
 */
export async function seedFreshDatabase(
  db: Database,
  log: (line: string) => void,
  library: () => StarterLibrary = loadStarterLibrary,
): Promise<void> {
  if (!(await hasNoTemplateLibrary(db))) return;
  try {
    log(seedSummary(await seedStarterLibrary(db, library())));
  } catch (error) {
    log(`Could not add the starter template library: ${(error as Error).message}`);
  }
}
