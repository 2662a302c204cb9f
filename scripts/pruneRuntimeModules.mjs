// Run by the Dockerfile's runtime stage right after its `npm ci`, in the same layer (a later layer could
// only hide files, not make the image smaller): deletes from node_modules what the server never reads.
// - Font files it never serves. Each @fontsource package ships every subset, weight, style and format
//   (about 60 MB in all); the server reads only `files/<font>-latin-<weight>-normal.woff2` and
//   `files/<font>-latin-ext-<weight>-normal.woff2`, `<weight>.css` for their unicode ranges and
//   package.json (apps/server/src/features/fonts/fontPackage.ts), for the weights 400 and 700 (the only
//   ones WebFont's type allows, packages/contracts/src/fonts.ts). The container image test fetches every
//   file the builder's fonts.css names, so a font file the server starts to serve fails there first.
// - Source maps, TypeScript declarations and Markdown documents (licences kept), about 38 MB: Node loads
//   none of them, and the server does not turn source maps on.
//   node scripts/pruneRuntimeModules.mjs [node_modules folder]
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether the server may serve this file of a @fontsource package's `files/` folder. */
export const isServedFontFile = (name) => /-latin(-ext)?-(400|700)-normal\.woff2$/.test(name);

/** Whether the server reads this file at the top of a @fontsource package (licences kept as well). */
export const isReadFontPackageFile = (name) =>
  name === 'package.json' || /^(400|700)\.css$/.test(name) || /^licen[cs]e/i.test(name);

/** Files Node never loads, wherever they are in node_modules. */
export const isNeverLoaded = (name) =>
  /\.(map|d\.ts|d\.mts|d\.cts)$/.test(name) || (/\.md$/i.test(name) && !/^licen[cs]e/i.test(name));

/** Deletes those files under `nodeModules`; returns how many files and bytes went. */
export function pruneRuntimeModules(nodeModules) {
  const removed = { files: 0, bytes: 0 };
  const remove = (file) => {
    removed.bytes += statSync(file).size;
    rmSync(file);
    removed.files += 1;
  };
  const fontsource = path.join(nodeModules, '@fontsource');
  for (const font of readdirSync(fontsource)) {
    for (const entry of readdirSync(path.join(fontsource, font), { withFileTypes: true })) {
      const file = path.join(fontsource, font, entry.name);
      if (entry.isDirectory() && entry.name === 'files') {
        for (const name of readdirSync(file)) if (!isServedFontFile(name)) remove(path.join(file, name));
      } else if (entry.isDirectory()) {
        rmSync(file, { recursive: true });
      } else if (!isReadFontPackageFile(entry.name)) {
        remove(file);
      }
    }
  }
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.isFile() && isNeverLoaded(entry.name)) remove(file);
    }
  };
  visit(nodeModules);
  return removed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const nodeModules = path.resolve(process.argv[2] ?? 'node_modules');
  const { files, bytes } = pruneRuntimeModules(nodeModules);
  console.log(
    `Deleted ${files} files the server never reads (${(bytes / 1e6).toFixed(1)} MB) from ${nodeModules}.`,
  );
}
