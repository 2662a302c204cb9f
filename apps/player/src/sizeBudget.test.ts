// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from './buildPlayerAssets.mjs';
import { PLAYER_CSS } from './styles/playerCss';

const KB = 1024;
const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;
const built = buildPlayerAssets();

/*
 * A published page loads exactly one build of the player (playerScriptFor), an embedding page the embed
 * script first: at most two requests of JavaScript either way; a page with tags also the tracking build.
 */
describe('what a visitor downloads', () => {
  /*
   * The player's builds and the embed loader. The texts of the quiz's language travel in its page, not here:
   * the server's visitorDownloadBudget test adds them to these for the whole download.
   */
  it('keeps the player within 9.25 KB gzip for single choices, 11.5 KB for every type, the loader within 1.5 KB', async () => {
    const { player, playerAll, embed } = await built;
    expect(gzipSize(player.code)).toBeLessThanOrEqual(9.25 * KB);
    expect(gzipSize(playerAll.code)).toBeLessThanOrEqual(11.5 * KB);
    expect(gzipSize(embed.code)).toBeLessThanOrEqual(1.5 * KB);
    expect(gzipSize(PLAYER_CSS)).toBeLessThanOrEqual(8 * KB);
  });

  it('bundles no catalogue of texts: a page brings the one of its language', async () => {
    const { player, playerAll } = await built;
    for (const code of [player.code, playerAll.code]) {
      expect(code).not.toMatch(/Question \{step\}|Show My Results|Pregunta|Weiter/);
    }
  });

  it('adds at most 1.5 KB gzip of our own for a quiz with tags: the tracking build, loaded before the player', async () => {
    const { playerTracking } = await built;
    expect(gzipSize(playerTracking.code)).toBeLessThanOrEqual(1.5 * KB);
  });

  it('keeps the tags, their consent bar and the platforms’ addresses out of the builds for quizzes without them', async () => {
    const { player, playerAll, playerPreview, playerTracking, embed } = await built;
    const tagCode = /googletagmanager|connect\.facebook\.net|fbevents|gtm\.start/;
    for (const code of [player.code, playerAll.code, playerPreview.code, embed.code]) {
      expect(code).not.toMatch(tagCode);
    }
    expect(playerTracking.code).toMatch(tagCode);
  });

  it('gives each build only what it needs: the other types’ forms and the engine’s results stay out', async () => {
    const { player, playerAll, playerPreview } = await built;
    const answerForms = /chooseAtLeast/;
    const engineResults = /do not follow the quiz/;
    expect(player.code).not.toMatch(answerForms);
    expect(playerAll.code).toMatch(answerForms);
    expect(playerPreview.code).toMatch(answerForms);
    expect(player.code).not.toMatch(engineResults);
    expect(playerAll.code).not.toMatch(engineResults);
    expect(playerPreview.code).toMatch(engineResults);
  });

  it('bundles without zod or other runtime baggage from the contracts, and loads nothing more', async () => {
    const { player, playerAll, playerPreview, playerTracking, embed } = await built;
    for (const code of [player.code, playerAll.code, playerPreview.code, playerTracking.code, embed.code]) {
      expect(code).not.toMatch(/zod|ZodError|safeParse/);
      expect(code).not.toMatch(/\bimport\s*\(|\brequire\(/);
    }
  });

  it('names the player by its content, its builds after it and the embed script by a fixed name', async () => {
    const first = await built;
    const second = await buildPlayerAssets();
    expect(first.player.fileName).toMatch(/^player-[0-9a-f]{8}\.js$/);
    expect(second.player.fileName).toBe(first.player.fileName);
    expect(first.playerAll.fileName).toBe(first.player.fileName.replace(/\.js$/, '-all.js'));
    expect(first.playerPreview.fileName).toBe(first.player.fileName.replace(/\.js$/, '-preview.js'));
    expect(first.playerTracking.fileName).toBe(first.player.fileName.replace(/\.js$/, '-tracking.js'));
    expect(first.embed.fileName).toBe('embed.js');
  });
});
