// @vitest-environment node
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from './buildPlayerAssets.mjs';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("the README's figure for the player", () => {
  it('is the gzip size `npm run build` prints, in KB of 1,000 bytes to one decimal', async () => {
    const stated = readme.match(/`\/_q\/player-HASH\.js`, ([\d.]+) KB\s+gzip/)?.[1];
    expect(stated, 'README.md names the player and its size').toBeDefined();
    const { player } = await buildPlayerAssets();
    // The same measure as the player's build (scripts/build.mjs): gzip at its default level.
    const builtKb = gzipSync(player.code).length / 1000;
    expect(
      Math.abs(Number(stated) - builtKb),
      `README says ${stated} KB, the build gives ${builtKb} KB`,
    ).toBeLessThanOrEqual(0.05);
  });
});
