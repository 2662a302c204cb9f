import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { findTheme, themeCatalog } from './themeCatalog';
import { themePreviewSvg } from './themePreviewSvg';

const parser = new new JSDOM('').window.DOMParser();

/**
 * Parses the picture as XML (a well-formedness error is a parsererror element) and answers its element names
 * in document order; text between tags is refused too (the picture has none).
 */
function checkXml(xml: string): string[] {
  const document = parser.parseFromString(xml, 'image/svg+xml');
  const error = document.querySelector('parsererror');
  if (error) throw new Error(error.textContent ?? 'not well-formed');
  if (document.documentElement.textContent?.trim()) throw new Error('text outside a tag');
  return [document.documentElement, ...document.documentElement.querySelectorAll('*')].map(
    (element) => element.tagName,
  );
}

describe('themePreviewSvg', () => {
  it.each(themeCatalog().map((theme) => [theme.id, theme] as const))(
    '%s is a small, self-contained SVG',
    (_id, theme) => {
      const svg = themePreviewSvg(theme);
      const names = checkXml(svg);
      expect(names[0]).toBe('svg');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 253 150"/);
      expect(new TextEncoder().encode(svg).length).toBeLessThan(4 * 1024);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\/|href|<image|<text/);
      // Internal references only point at ids the picture defines.
      for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g)) {
        expect(svg.includes(`id="${id}"`) || svg.includes(`id='${id}'`), `#${id}`).toBe(true);
      }
    },
  );

  it('draws the theme: its page, answer style and button colours', () => {
    const theme = findTheme('theme-16');
    if (!theme) throw new Error('theme-16 missing');
    const svg = themePreviewSvg(theme);
    expect(svg).toContain(`fill="${theme.design.pageColor}"`);
    expect(svg).toContain(`fill="${theme.defaults.buttonBackgroundColor}"`);
    // Lettered answers: three letter badges in the button colour, beside the progress bar and the button.
    expect(svg.split(`fill="${theme.defaults.buttonBackgroundColor}"`).length - 1).toBe(5);
    const card = findTheme('theme-3');
    expect(card && themePreviewSvg(card)).toContain(`fill="${card?.design.surfaceColor}"`);
    const other = findTheme('theme-2');
    expect(other && themePreviewSvg(other)).not.toBe(svg);
  });

  it('shows the transparent theme over a checkerboard', () => {
    const theme = findTheme('black-white-transparent');
    expect(theme && themePreviewSvg(theme)).toContain('url(#checks)');
  });

  it('catches malformed markup', () => {
    expect(() => checkXml('<svg><rect></svg>')).toThrow();
    expect(() => checkXml('<svg><rect width=3/></svg>')).toThrow();
    expect(() => checkXml('<svg>A</svg>')).toThrow();
    expect(checkXml('<svg><g><rect x="1"/></g></svg>')).toEqual(['svg', 'g', 'rect']);
  });
});
