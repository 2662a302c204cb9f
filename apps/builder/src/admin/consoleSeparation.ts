/*
 * The console is its own bundle so the app's users never download it, and it must not carry the app's
 * screens either: it may share generic code (the API client, ui/, config, styles), never src/features/,
 * the route table or the app's entry. The build checks its chunks (vite.config.ts) and a test checks its
 * imports.
 */

/** Whether a module (an absolute path, as the bundler names it) is the app's own, given the builder's src/. */
export function appOnlyModuleMatcher(srcDir: string): (moduleId: string) => boolean {
  const root = `${srcDir.replaceAll('\\', '/').replace(/\/+$/, '')}/`;
  return (moduleId) => {
    const path = moduleId.replaceAll('\\', '/').split('?')[0] ?? '';
    if (!path.startsWith(root)) return false;
    const inSrc = path.slice(root.length);
    return inSrc.startsWith('features/') || inSrc === 'routes.tsx' || inSrc === 'main.tsx';
  };
}

/** What the bundler tells of one output chunk (Rollup's and Rolldown's OutputChunk have these fields). */
export interface BundledChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/** The app-only modules inside any chunk the named entry loads, statically or on demand. */
export function appModulesLoadedBy(
  chunks: BundledChunk[],
  entryName: string,
  isAppOnly: (moduleId: string) => boolean,
): string[] {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === entryName);
  if (!entry) throw new Error(`The build has no entry named ${entryName}`);
  const seen = new Set<string>();
  const pending = [entry];
  const leaked: string[] = [];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    leaked.push(...chunk.moduleIds.filter(isAppOnly));
    for (const fileName of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = byFileName.get(fileName);
      if (next) pending.push(next);
    }
  }
  return leaked;
}
