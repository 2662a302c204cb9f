import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fontStack } from '@quizbeam/contracts/fonts';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';
import { describe, expect, it } from 'vitest';
import { findTheme, themeCatalog } from './themeCatalog';
import { themeCss } from './themeCss';

const KB = 1024;
const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;
const playerSource = join(import.meta.dirname, '../../../apps/player/src');

/** Every qb- class the player's markup, runtime and base CSS can put on the page. */
function playerClassNames(): Set<string> {
  const sources = [PLAYER_CSS];
  for (const folder of ['markup', 'runtime']) {
    for (const file of readdirSync(join(playerSource, folder))) {
      if (file.endsWith('.ts') && !file.includes('.test.'))
        sources.push(readFileSync(join(playerSource, folder, file), 'utf8'));
    }
  }
  return new Set(sources.flatMap((source) => source.match(/qb-[a-z0-9-]*[a-z0-9]/g) ?? []));
}

/** The CSS without its data: URLs (their SVG is not CSS). */
const withoutDataUrls = (css: string) => css.replace(/url\("data:[^"]*"\)/g, 'url()');

/** The rules outside :root and the art, where every colour an override should change must come from a variable. */
const rulesBeyondRootAndArt = (css: string) =>
  withoutDataUrls(css)
    .replace(/^:root\{[^}]*\}/, '')
    .replace(/html:not\(\.qb-framed\) body:not\(\.qb-has-bg\)::before\{[^}]*\}/, '');

const themes = themeCatalog().map((theme) => [theme.id, theme] as const);

describe('themeCss', () => {
  it.each(themes)(
    '%s fits the budget beside the player CSS (8 KB gzip together, its own part 3 KB)',
    (_id, theme) => {
      const css = themeCss(theme);
      expect(gzipSize(PLAYER_CSS + css)).toBeLessThanOrEqual(8 * KB);
      expect(gzipSize(css)).toBeLessThanOrEqual(3 * KB);
    },
  );

  it('uses only classes the player’s markup or base CSS has', () => {
    const known = playerClassNames();
    for (const [id, theme] of themes) {
      const used = new Set(withoutDataUrls(themeCss(theme)).match(/\.-?[_a-zA-Z][\w-]*/g) ?? []);
      for (const selector of used) expect(known.has(selector.slice(1)), `${id}: ${selector}`).toBe(true);
    }
    // The check itself sees a class that does not exist.
    expect(known.has('qb-answer')).toBe(true);
    expect(known.has('qb-nonexistent')).toBe(false);
  });

  it('loads nothing: no @import, and every url() is a data: URL', () => {
    for (const [id, theme] of themes) {
      const css = themeCss(theme);
      expect(css, id).not.toMatch(/@import/i);
      const urls = css.match(/url\(/g) ?? [];
      const dataUrls = css.match(/url\("data:image\/svg\+xml,/g) ?? [];
      expect(urls.length, id).toBe(dataUrls.length);
      // Inside the data: URL only the SVG namespace names a web address, and it is never fetched.
      expect(css.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\//);
    }
  });

  it('sets every appearance default as the variable the marketer’s overrides replace', () => {
    const theme = findTheme('theme-12');
    if (!theme) throw new Error('theme-12 missing');
    const root = /^:root\{([^}]*)\}/.exec(themeCss(theme))?.[1] ?? '';
    const variables = Object.fromEntries(
      root.split(';').map((declaration) => declaration.split(/:(.*)/s).slice(0, 2)),
    );
    expect(variables).toMatchObject({
      '--qb-text': theme.defaults.textColor,
      '--qb-font': fontStack('Karla'),
      '--qb-btn-bg': theme.defaults.buttonBackgroundColor,
      '--qb-btn-text': theme.defaults.buttonTextColor,
      '--qb-btn-font': '"Caveat","Segoe Print","Bradley Hand",cursive',
      '--qb-cta-bg': theme.defaults.ctaBackgroundColor,
      '--qb-cta-text': theme.defaults.ctaTextColor,
      '--qb-cta-font': fontStack('Karla'),
      '--qb-page': theme.design.pageColor,
      '--qb-surface': theme.design.surfaceColor,
      // This theme's headings take the button font.
      '--qb-title-font': 'var(--qb-btn-font)',
    });
  });

  it('paints rules through the variables, never with a colour an override should change', () => {
    for (const [id, theme] of themes) {
      const rules = rulesBeyondRootAndArt(themeCss(theme));
      // Shadows may darken with black, and a ledge mixes the button colour with black; nothing else.
      const literals = rules.replace(/rgba\(0,0,0,[.\d]+\)/g, '').replace(/,#000\)/g, ')');
      expect(literals, id).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i);
      expect(rules, id).toMatch(/var\(--qb-btn-bg\)/);
    }
  });

  it('keeps its art off the marketer’s photo and out of frames, and gives full-bleed themes a panel there', () => {
    for (const [id, theme] of themes) {
      const css = themeCss(theme);
      if (theme.design.art.kind !== 'none') {
        expect(css, id).toContain('html:not(.qb-framed) body:not(.qb-has-bg)::before{');
      }
      if (theme.design.layout === 'full-bleed') {
        expect(css, id).toContain('.qb-has-bg .qb-card{background:var(--qb-panel)}');
        expect(css, id).toMatch(/\.qb-framed \.qb-card[^{]*\{background:var\(--qb-surface\)/);
      }
    }
  });

  it('writes each answer style’s colours from its faces, so overrides reach the answers', () => {
    const outline = themeCatalog().find((theme) => theme.design.answerStyle === 'outline');
    const tinted = themeCatalog().find((theme) => theme.design.answerStyle === 'tinted');
    expect(outline && themeCss(outline)).toContain(
      '.qb-answers .qb-btn{color:var(--qb-text);background:none}',
    );
    expect(outline && themeCss(outline)).toContain('border:2px solid var(--qb-btn-bg)');
    expect(tinted && themeCss(tinted)).toContain(
      'background:color-mix(in srgb,var(--qb-btn-bg) 12%,var(--qb-surface))',
    );
  });
});
