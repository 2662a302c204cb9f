/*
 * How the build cuts the sign-in page's first download into chunks (vite.config.ts). Left to itself the
 * bundler cuts a chunk for each set of pages and screens sharing a module: a dozen small requests, each
 * a round trip on a slow network.
 */

/** What the bundler tells of its module graph while it chunks. */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/** Every module a page reaches through static imports: what it needs before its script runs. */
export function staticallyReachedFrom(pageId: string, graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const pending = [pageId];
  for (let moduleId = pending.pop(); moduleId !== undefined; moduleId = pending.pop()) {
    if (reached.has(moduleId)) continue;
    reached.add(moduleId);
    pending.push(...(graph.getModuleInfo(moduleId)?.importedIds ?? []));
  }
  return reached;
}

const isReact = (moduleId: string) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(moduleId);

/**
 * The chunk groups of the sign-in page's first download, besides its entry (its own folder): React; the
 * generic parts it uses (the app and the admin console use them too); and the auth screens (the app loads
 * them for its own auth routes). Each group takes the modules it finds and what they import, so the
 * generic parts go first and the screens' chunk never holds what the console needs. The bundler's own
 * helpers stay in a small chunk of their own. `builderPath` resolves a path of the builder's package.
 */
export function signInPageChunkGroups(builderPath: (relative: string) => string) {
  const page = builderPath('./signIn.html');
  const isSharedBySignInPage = (moduleId: string, graph: ModuleGraph) =>
    moduleId !== page &&
    !moduleId.startsWith(builderPath('./src/signIn/')) &&
    staticallyReachedFrom(page, graph).has(moduleId);
  const isFeature = (moduleId: string) => moduleId.startsWith(builderPath('./src/features/'));
  return [
    { name: 'react', test: isReact, priority: 3 },
    {
      name: (moduleId: string, graph: ModuleGraph) =>
        !isFeature(moduleId) && isSharedBySignInPage(moduleId, graph) ? 'shared' : null,
      debugName: 'sign-in page: generic parts',
      priority: 2,
    },
    {
      name: (moduleId: string, graph: ModuleGraph) =>
        isFeature(moduleId) && isSharedBySignInPage(moduleId, graph) ? 'auth-screens' : null,
      debugName: 'sign-in page: auth screens',
      priority: 1,
    },
  ];
}
