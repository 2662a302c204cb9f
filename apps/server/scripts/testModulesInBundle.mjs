// What the build refuses to ship: modules written for tests only. Paths are those of esbuild's metafile,
// relative to apps/server (the build's working directory).

const TEST_FOLDERS = ['src/testing/', 'src/features/integrations/fakes/'];
/** The workspace packages keep their test support in src/testing/ too. */
const PACKAGE_TEST_FOLDER = /^(\.\.\/)+packages\/[^/]+\/src\/testing\//;
const TEST_FILE = /\.(test|contract)\.ts$/;

/** Whether the module at `path` exists only for tests. */
export function isTestModule(path) {
  return (
    TEST_FOLDERS.some((folder) => path.startsWith(folder)) ||
    PACKAGE_TEST_FOLDER.test(path) ||
    TEST_FILE.test(path)
  );
}

/**
 * Every test module in the bundle, with the entry point that pulled it in and the chain of imports from
 * that entry to it (the first found, breadth first, so the shortest).
 */
export function testModulesInBundle(metafile) {
  const entries = Object.values(metafile.outputs)
    .map((output) => output.entryPoint)
    .filter((entry) => entry !== undefined);
  const found = [];
  for (const entry of [...new Set(entries)]) {
    const reachedFrom = new Map([[entry, null]]);
    const queue = [entry];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      for (const imported of metafile.inputs[path]?.imports ?? []) {
        if (imported.external || reachedFrom.has(imported.path)) continue;
        reachedFrom.set(imported.path, path);
        queue.push(imported.path);
      }
    }
    for (const path of reachedFrom.keys()) {
      if (!isTestModule(path)) continue;
      const chain = [path];
      for (let from = reachedFrom.get(path); from; from = reachedFrom.get(from)) chain.unshift(from);
      found.push({ module: path, entry, chain });
    }
  }
  return found;
}

/** One line per test module found: the module, the entry, and how the entry reaches it. */
export function describeTestModules(found) {
  return found.map(
    ({ module, entry, chain }) =>
      `${module} is in the bundle of ${entry}, imported through ${chain.join(' > ')}`,
  );
}
