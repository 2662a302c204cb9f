// The npm packages an output of the server's build loads before its first line runs: those it imports
// statically, itself or through the chunks it statically imports. What it imports with import() is left out.

/** `output` is a key of esbuild's metafile.outputs, e.g. "dist/cli.js". */
export function packagesLoadedAtStart(metafile, output) {
  const packages = new Set();
  const seen = new Set([output]);
  const queue = [output];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const { path, kind, external } of metafile.outputs[current]?.imports ?? []) {
      if (kind !== 'import-statement') continue;
      if (external) {
        if (!path.startsWith('node:')) packages.add(packageName(path));
      } else if (!seen.has(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return packages;
}

/** "drizzle-orm/pg-core" → "drizzle-orm", "@electric-sql/pglite/vector" → "@electric-sql/pglite". */
export const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
