import type { PlayerAssets } from './builtPlayerAssets.ts';

export type { PlayerAsset, PlayerAssets } from './builtPlayerAssets.ts';

/** The file in the build folder that names the scripts (read by builtPlayerAssets.ts). */
export declare const PLAYER_MANIFEST: 'manifest.json';

/** Bundles the player's builds and the embed script in memory with esbuild (tens of milliseconds). */
export declare function buildPlayerAssets(): Promise<PlayerAssets>;

/** Bundles the scripts into `distDir` (emptied first), with the manifest written last. */
export declare function writePlayerAssets(distDir: string): Promise<PlayerAssets>;
