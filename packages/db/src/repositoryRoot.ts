import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository folder: the nearest folder at or above `from` whose package.json lists the npm
 * workspaces. Files read at run time (SQL migrations, the builder's and the player's builds) are
 * found from it, so they are found alike from the TypeScript sources (packages/db/src/…) and from
 * the server's bundle (apps/server/dist/main.js), whose `import.meta.url` is another file.
 */
export function repositoryRoot(from: string | URL): string {
  const start = typeof from === 'string' && !from.startsWith('file:') ? from : fileURLToPath(from);
  for (let folder = path.resolve(start); ; ) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && hasWorkspaces(manifest)) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json with "workspaces" at or above ${start}.`);
    folder = parent;
  }
}

function hasWorkspaces(manifest: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}
