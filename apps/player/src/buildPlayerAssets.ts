import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface PlayerAsset {
  fileName: string;
  code: string;
}

export interface PlayerAssets {
  /** The visitor's script, named by its content hash (player-3f2a1b9c.js) so it can be cached for good. */
  player: PlayerAsset;
  /** The embed script; its name is fixed because embed codes on other sites point at it. */
  embed: PlayerAsset;
}

/** es2020: the quiz engine's score analysis uses bigint literals (tree-shaken out, but parsed). */
const TARGET = 'es2020';

async function bundle(entry: string): Promise<string> {
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
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}

/** Bundles the player and the embed script in memory (tens of milliseconds); the server calls it at start. */
export async function buildPlayerAssets(): Promise<PlayerAssets> {
  const [player, embed] = await Promise.all([bundle('./player.ts'), bundle('./embed.ts')]);
  const hash = createHash('sha256').update(player).digest('hex').slice(0, 8);
  return {
    player: { fileName: `player-${hash}.js`, code: player },
    embed: { fileName: 'embed.js', code: embed },
  };
}
