// @vitest-environment node
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from './buildPlayerAssets.mjs';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("the README's figures for the player", () => {
  it('are the gzip sizes `npm run build` prints, in KB of 1,000 bytes to one decimal', async () => {
    const assets = await buildPlayerAssets();
    const builds = [
      ['player-HASH.js', assets.player.code],
      ['player-HASH-all.js', assets.playerAll.code],
      ['player-HASH-preview.js', assets.playerPreview.code],
    ] as const;
    for (const [name, code] of builds) {
      const pattern = new RegExp(`\`/_q/${name.replace(/[.]/g, '\\.')}\`, ([\\d.]+) KB\\s+gzip`);
      const stated = readme.match(pattern)?.[1];
      expect(stated, `README.md names ${name} and its size`).toBeDefined();
      // The same measure as the player's build (scripts/build.mjs): gzip at its default level.
      const builtKb = gzipSync(code).length / 1000;
      expect(
        Math.abs(Number(stated) - builtKb),
        `README says ${stated} KB for ${name}, the build gives ${builtKb} KB`,
      ).toBeLessThanOrEqual(0.05);
    }
  });
});
