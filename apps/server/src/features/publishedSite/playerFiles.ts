import { createHash } from 'node:crypto';
import path from 'node:path';
import { repositoryRoot } from '@quizbeam/db/repositoryRoot';
import {
  type PlayerAssets,
  PlayerNotBuiltError,
  readBuiltPlayerAssets,
} from '@quizbeam/player/builtPlayerAssets';
import { ConfigError } from '../../config/env';
import { type CompressedBody, compressBody } from './compressedBody';

export interface PlayerFiles {
  /** The visitor's script, named by its content hash: cached for a year. */
  player: { fileName: string; body: CompressedBody };
  /**
   * Every player build by its file name: the single-choice player above and its variants (every question
   * type, the editor's preview, its live preview pane, the tags of pages that turn them on), named after it;
   * a page loads one of the players (and the tracking build before it when it has tags). Cached for a year too.
   */
  builds: ReadonlyMap<string, CompressedBody>;
  /**
   * The embed script keeps its name (embed codes point at it), and so does its windows' script (the embed
   * script names it): each by its file name, cached for an hour.
   */
  embeds: ReadonlyMap<string, CompressedBody>;
}

/** Where `npm run build` puts the player's scripts and their manifest. */
export const defaultPlayerDist = path.join(repositoryRoot(import.meta.url), 'apps/player/dist');

let playerAssetSource: () => Promise<PlayerAssets> = () => readBuiltPlayerAssets(defaultPlayerDist);

/**
 * Tests bundle the player in memory instead of reading its build (src/testing/playerInMemory.ts, a
 * vitest setup file); the running server only reads the prebuilt files and never needs esbuild.
 */
export function setPlayerAssetSource(source: () => Promise<PlayerAssets>): void {
  playerAssetSource = source;
}

/** Reads the prebuilt player once at start-up and compresses it. */
export async function loadPlayerFiles(): Promise<PlayerFiles> {
  let assets: PlayerAssets;
  try {
    assets = await playerAssetSource();
  } catch (error) {
    // Printed without a stack trace: the message says what to do.
    throw error instanceof PlayerNotBuiltError ? new ConfigError(error.message) : error;
  }
  const { player, playerAll, playerPreview, playerPane, playerTracking, embed, embedWindow } = assets;
  const players = [player, playerAll, playerPreview, playerPane, playerTracking];
  const embedScripts = [embed, embedWindow];
  const [embedBodies, playerBodies] = await Promise.all([
    Promise.all(
      embedScripts.map((script) =>
        compressBody(script.code, createHash('sha256').update(script.code).digest('hex').slice(0, 16)),
      ),
    ),
    Promise.all(players.map((build) => compressBody(build.code, build.fileName))),
  ]);
  const builds = new Map(
    players.map((build, index) => [build.fileName, playerBodies[index] as CompressedBody]),
  );
  return {
    player: { fileName: player.fileName, body: builds.get(player.fileName) as CompressedBody },
    builds,
    embeds: new Map(
      embedScripts.map((script, index) => [script.fileName, embedBodies[index] as CompressedBody]),
    ),
  };
}
