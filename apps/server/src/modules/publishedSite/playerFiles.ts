import { createHash } from 'node:crypto';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { type CompressedBody, compressBody } from './compressedBody';

export interface PlayerFiles {
  /** The visitor's script, named by its content hash: cached for a year. */
  player: { fileName: string; body: CompressedBody };
  /** The embed script keeps its name (embed codes point at it): cached for an hour. */
  embed: { fileName: string; body: CompressedBody };
}

/** Bundles the player once at start-up (esbuild, well under a second) and compresses it. */
export async function loadPlayerFiles(): Promise<PlayerFiles> {
  const { player, embed } = await buildPlayerAssets();
  const [playerBody, embedBody] = await Promise.all([
    compressBody(player.code, player.fileName),
    compressBody(embed.code, createHash('sha256').update(embed.code).digest('hex').slice(0, 16)),
  ]);
  return {
    player: { fileName: player.fileName, body: playerBody },
    embed: { fileName: embed.fileName, body: embedBody },
  };
}
