// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from './buildPlayerAssets.mjs';
import { PLAYER_CSS } from './styles/playerCss';

const KB = 1024;
const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;

describe('what a visitor downloads', () => {
  it('stays within 10 KB gzip of JavaScript (player and embed script) and 8 KB gzip of CSS', async () => {
    const { player, embed } = await buildPlayerAssets();
    const javascript = gzipSize(player.code) + gzipSize(embed.code);
    expect(javascript).toBeLessThanOrEqual(10 * KB);
    expect(gzipSize(embed.code)).toBeLessThanOrEqual(1 * KB);
    expect(gzipSize(PLAYER_CSS)).toBeLessThanOrEqual(8 * KB);
  });

  it('bundles without zod or other runtime baggage from the contracts', async () => {
    const { player, embed } = await buildPlayerAssets();
    for (const code of [player.code, embed.code]) {
      expect(code).not.toMatch(/zod|ZodError|safeParse/);
      expect(code).not.toMatch(/\bimport\s*\(|\brequire\(/);
    }
  });

  it('names the player by its content and the embed script by a fixed name', async () => {
    const first = await buildPlayerAssets();
    const second = await buildPlayerAssets();
    expect(first.player.fileName).toMatch(/^player-[0-9a-f]{8}\.js$/);
    expect(second.player.fileName).toBe(first.player.fileName);
    expect(first.embed.fileName).toBe('embed.js');
  });
});
