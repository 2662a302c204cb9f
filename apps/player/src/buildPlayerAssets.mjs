// Plain JavaScript (types in buildPlayerAssets.d.mts) so that `npm run build` runs it with Node alone,
// without tsx: production installs (`npm ci --omit=dev`) have no TypeScript runner.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { playerVariantOf } from './playerFileNames.mjs';

/** es2020: the quiz engine's score analysis uses bigint literals (tree-shaken out, but parsed). */
const TARGET = 'es2020';

/** The file in the build folder that names the scripts (read by builtPlayerAssets.ts). */
export const PLAYER_MANIFEST = 'manifest.json';

/**
 * The contracts' modules only declare schemas and constants. The live preview pane reaches the quiz engine's
 * lead-capture rules, whose module also imports the lead fields' zod schemas for functions the pane never
 * calls: declared free of side effects, those schemas (and zod) stay out of its bundle when nothing uses them.
 */
const contractsWithoutSideEffects = {
  name: 'contracts-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^@quizbeam\/contracts\// }, async (args) => {
      if (args.pluginData === contractsWithoutSideEffects) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: contractsWithoutSideEffects,
      });
      return resolved.errors.length > 0 ? undefined : { path: resolved.path, sideEffects: false };
    });
  },
};

async function bundle(entry, plugins = []) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: TARGET,
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}

/**
 * Bundles the player's builds (published quizzes of single choices, published quizzes of every type, the
 * editor's preview with the quiz engine's result functions, the editor's live preview pane, the tags of pages
 * that turn them on), the embed script and its windows' script in memory (tens of milliseconds). The builds are named by the content of all of them, so a change
 * to any gives new names.
 */
export async function buildPlayerAssets() {
  const [player, playerAll, playerPreview, playerPane, playerTracking, embed, embedWindow] =
    await Promise.all([
      bundle('./player.ts'),
      bundle('./playerAllTypes.ts'),
      bundle('./playerPreview.ts'),
      bundle('./playerPane.ts', [contractsWithoutSideEffects]),
      bundle('./playerTracking.ts'),
      bundle('./embed.ts'),
      bundle('./embedWindow.ts'),
    ]);
  const hash = createHash('sha256')
    .update(player)
    .update(playerAll)
    .update(playerPreview)
    .update(playerPane)
    .update(playerTracking)
    .digest('hex');
  const fileName = `player-${hash.slice(0, 8)}.js`;
  return {
    player: { fileName, code: player },
    playerAll: { fileName: playerVariantOf(fileName, 'all'), code: playerAll },
    playerPreview: { fileName: playerVariantOf(fileName, 'preview'), code: playerPreview },
    playerPane: { fileName: playerVariantOf(fileName, 'pane'), code: playerPane },
    playerTracking: { fileName: playerVariantOf(fileName, 'tracking'), code: playerTracking },
    embed: { fileName: 'embed.js', code: embed },
    embedWindow: { fileName: 'embed-window.js', code: embedWindow },
  };
}

/** Bundles the scripts into `distDir` (emptied first), with the manifest written last. */
export async function writePlayerAssets(distDir) {
  const assets = await buildPlayerAssets();
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  for (const asset of [
    assets.player,
    assets.playerAll,
    assets.playerPreview,
    assets.playerPane,
    assets.playerTracking,
    assets.embed,
    assets.embedWindow,
  ]) {
    await writeFile(path.join(distDir, asset.fileName), asset.code);
  }
  const manifest = {
    player: assets.player.fileName,
    playerAll: assets.playerAll.fileName,
    playerPreview: assets.playerPreview.fileName,
    playerPane: assets.playerPane.fileName,
    playerTracking: assets.playerTracking.fileName,
    embed: assets.embed.fileName,
    embedWindow: assets.embedWindow.fileName,
  };
  await writeFile(path.join(distDir, PLAYER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return assets;
}
