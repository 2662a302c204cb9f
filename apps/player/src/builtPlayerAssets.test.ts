// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPlayerAssets, PLAYER_MANIFEST, writePlayerAssets } from './buildPlayerAssets.mjs';
import { PlayerNotBuiltError, readBuiltPlayerAssets } from './builtPlayerAssets';

const sandbox = mkdtempSync(path.join(tmpdir(), 'quizbeam-player-dist-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('the player build the server reads', () => {
  it('reads back exactly what the build wrote: the hashed player and its builds, the embed scripts and the manifest', async () => {
    const dist = path.join(sandbox, 'dist');
    const written = await writePlayerAssets(dist);
    expect(await readBuiltPlayerAssets(dist)).toEqual(written);
    expect(written).toEqual(await buildPlayerAssets());
    expect(JSON.parse(readFileSync(path.join(dist, PLAYER_MANIFEST), 'utf8'))).toEqual({
      player: written.player.fileName,
      playerAll: written.player.fileName.replace(/\.js$/, '-all.js'),
      playerPreview: written.player.fileName.replace(/\.js$/, '-preview.js'),
      playerPane: written.player.fileName.replace(/\.js$/, '-pane.js'),
      playerTracking: written.player.fileName.replace(/\.js$/, '-tracking.js'),
      embed: 'embed.js',
      embedWindow: 'embed-window.js',
    });
  });

  it('says to run `npm run build` when the build is missing or incomplete', async () => {
    const missing = path.join(sandbox, 'missing');
    await expect(readBuiltPlayerAssets(missing)).rejects.toThrow(PlayerNotBuiltError);
    await expect(readBuiltPlayerAssets(missing)).rejects.toThrow(/npm run build/);

    const partial = path.join(sandbox, 'partial');
    await writePlayerAssets(partial);
    rmSync(path.join(partial, 'embed.js'));
    await expect(readBuiltPlayerAssets(partial)).rejects.toThrow(/embed\.js is missing\).*npm run build/);

    writeFileSync(
      path.join(partial, PLAYER_MANIFEST),
      JSON.stringify({ player: '../secret.js', embed: 'embed.js' }),
    );
    await expect(readBuiltPlayerAssets(partial)).rejects.toThrow(/damaged/);
  });
});
