// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from '../buildPlayerAssets.mjs';

const KB = 1024;

describe('the live preview pane’s build', () => {
  it('is named after the player, draws screens with the engine, and brings no zod or loader along', async () => {
    const { player, playerPane } = await buildPlayerAssets();
    expect(playerPane.fileName).toBe(player.fileName.replace(/\.js$/, '-pane.js'));
    expect(playerPane.code).toMatch(/Choose at least/);
    // Every language's texts: the pane shows the quiz in the language it is set to, as the marketer changes it.
    expect(playerPane.code).toMatch(/Pregunta/);
    expect(playerPane.code).not.toMatch(/zod|ZodError|safeParse/);
    expect(playerPane.code).not.toMatch(/\bimport\s*\(|\brequire\(/);
    // Loaded once per editor and kept for a year; small enough that a reload for a new look is quick. About
    // 13 KB of it draws the screens, 9 KB is DOMPurify, 12 KB the thirteen languages' texts.
    expect(gzipSync(playerPane.code).length).toBeLessThanOrEqual(40 * KB);
  });
});
