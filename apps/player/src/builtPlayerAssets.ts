import { readFile } from 'node:fs/promises';
import path from 'node:path';

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

/** Written by buildPlayerAssets.mjs (`npm run build`), which names the same file. */
const PLAYER_MANIFEST = 'manifest.json';

export class PlayerNotBuiltError extends Error {}

/**
 * The two scripts `npm run build` wrote into `distDir` (apps/player/dist). No esbuild here: the running
 * server only reads files.
 */
export async function readBuiltPlayerAssets(distDir: string): Promise<PlayerAssets> {
  const manifestFile = path.join(distDir, PLAYER_MANIFEST);
  let manifest: { player?: unknown; embed?: unknown };
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as typeof manifest;
  } catch {
    throw new PlayerNotBuiltError(
      `The visitor's player is not built (${manifestFile} is missing or unreadable). Run \`npm run build\` (npm start does it for you).`,
    );
  }
  const read = async (fileName: unknown): Promise<PlayerAsset> => {
    if (typeof fileName !== 'string' || fileName !== path.basename(fileName)) {
      throw new PlayerNotBuiltError(`${manifestFile} is damaged. Run \`npm run build\` again.`);
    }
    try {
      return { fileName, code: await readFile(path.join(distDir, fileName), 'utf8') };
    } catch {
      throw new PlayerNotBuiltError(
        `The player build in ${distDir} is incomplete (${fileName} is missing). Run \`npm run build\` again.`,
      );
    }
  };
  const [player, embed] = await Promise.all([read(manifest.player), read(manifest.embed)]);
  return { player, embed };
}
