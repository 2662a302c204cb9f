// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPlayerAssets } from './buildPlayerAssets.mjs';

const KB = 1024;
const gzipSize = (code: string) => gzipSync(code, { level: 9 }).length;

/*
 * Before a visitor opens a quiz, an embedding page downloads the embed script alone (1.5 KB gzip): inline
 * frames, the openers, the frequency cap's check and the events. The windows' code (embed-window.js, with their
 * CSS and the automatic triggers) comes only when a window is about to be needed: on an opener's hover or
 * click, or when the page is idle for a window that opens by itself, with the quiz's own page.
 */
describe('the embed scripts’ size', () => {
  it('keeps the loader within 1.5 KB gzip (level 9), the windows’ script within 1.75 KB', async () => {
    const { embed, embedWindow } = await buildPlayerAssets();
    expect(gzipSize(embed.code)).toBeLessThanOrEqual(1.5 * KB);
    expect(gzipSize(embedWindow.code)).toBeLessThanOrEqual(1.75 * KB);
  });

  it('splits the work: modes and openers in the loader, windows, CSS, triggers and cap in the other', async () => {
    const { embed, embedWindow } = await buildPlayerAssets();
    for (const part of ['slide-in', 'full-page', 'quizbeam-cap:', 'embed-window.js', 'data-quizbeam-'])
      expect(embed.code).toContain(part);
    for (const part of [
      'prefers-reduced-motion',
      'Close quiz',
      'aria-modal',
      'pointer:fine',
      'quizbeam-cap:',
    ])
      expect(embedWindow.code).toContain(part);
    expect(embed.code).not.toContain('Close quiz');
    for (const code of [embed.code, embedWindow.code])
      expect(code).not.toMatch(/\bimport\s*\(|\brequire\(|fetch\(/);
  });
});
