// A vitest setup file (vitest.config.ts): tests bundle the visitor's player in memory, once per test
// file, instead of reading apps/player/dist, so they need no `npm run build` and always test the sources.
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { setPlayerAssetSource } from '../features/publishedSite/playerFiles';

let assets: ReturnType<typeof buildPlayerAssets> | undefined;
setPlayerAssetSource(() => {
  assets ??= buildPlayerAssets();
  return assets;
});
