import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface PlayerAsset {
  fileName: string;
  code: string;
}

export interface PlayerAssets {
  /** The visitor's script, named by its content hash (player-3f2a1b9c.js) so it can be cached for good. */
  player: PlayerAsset;
  /**
   * The player's other builds, named after it (player-3f2a1b9c-all.js, see playerVariantOf) and served the
   * same way: `playerAll` for quizzes with question types beyond single choice, `playerPreview` for the
   * editor's preview (with the quiz engine's result functions). A page loads exactly one of the three
   * (playerScriptFor), so a quiz of single choices downloads no other type's code.
   */
  playerAll: PlayerAsset;
  playerPreview: PlayerAsset;
  /** The quiz editor's live preview pane (player-3f2a1b9c-pane.js): screens drawn from the editor's messages. */
  playerPane: PlayerAsset;
  /**
   * The tags of a page that turns them on (player-3f2a1b9c-tracking.js), loaded before the player: the consent
   * bar, the platforms' scripts and the quiz's events in their words.
   */
  playerTracking: PlayerAsset;
  /** The embed script; its name is fixed because embed codes on other sites point at it. */
  embed: PlayerAsset;
  /** The embed's popup, slide-in and full-page windows (embed-window.js), loaded by it when first needed. */
  embedWindow: PlayerAsset;
}

/** Written by buildPlayerAssets.mjs (`npm run build`), which names the same file. */
const PLAYER_MANIFEST = 'manifest.json';

export class PlayerNotBuiltError extends Error {}

/**
 * The scripts `npm run build` wrote into `distDir` (apps/player/dist). No esbuild here: the running
 * server only reads files.
 */
export async function readBuiltPlayerAssets(distDir: string): Promise<PlayerAssets> {
  const manifestFile = path.join(distDir, PLAYER_MANIFEST);
  let manifest: Partial<Record<keyof PlayerAssets, unknown>>;
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
  const [player, playerAll, playerPreview, playerPane, playerTracking, embed, embedWindow] =
    await Promise.all([
      read(manifest.player),
      read(manifest.playerAll),
      read(manifest.playerPreview),
      read(manifest.playerPane),
      read(manifest.playerTracking),
      read(manifest.embed),
      read(manifest.embedWindow),
    ]);
  return { player, playerAll, playerPreview, playerPane, playerTracking, embed, embedWindow };
}
