// `npm run build -w @quizbeam/player`: the player's builds, the embed script and their manifest into
// dist/, which the server reads at start. Plain Node (no tsx), so it runs on a production install.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writePlayerAssets } from '../src/buildPlayerAssets.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { player, playerAll, playerPreview, playerPane, playerTracking, embed } = await writePlayerAssets(dist);
for (const asset of [player, playerAll, playerPreview, playerPane, playerTracking, embed]) {
  console.log(`${asset.fileName}: ${asset.code.length} bytes, ${gzipSync(asset.code).length} bytes gzip`);
}
