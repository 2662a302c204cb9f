import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildPlayerAssets } from '../src/buildPlayerAssets';

// Writes the bundles to dist/ for inspection; the server builds them in memory at start.
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { player, embed } = await buildPlayerAssets();
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
for (const asset of [player, embed]) {
  await writeFile(`${dist}${asset.fileName}`, asset.code);
  console.log(`${asset.fileName}: ${asset.code.length} bytes, ${gzipSync(asset.code).length} bytes gzip`);
}
