import { describe, expect, it } from 'vitest';
import { findTheme, themeCatalog } from './themeCatalog';
import { themePreviewSvg } from './themePreviewSvg';

/**
 * A small well-formedness check, scanning character by character: every tag closes in order, attributes
 * are quoted, nothing but whitespace between tags (the picture has no text). Returns the element names.
 */
function checkXml(xml: string): string[] {
  const open: string[] = [];
  const names: string[] = [];
  let at = 0;
  const isNameChar = (char: string) => /[\w:-]/.test(char);
  while (at < xml.length) {
    if (xml[at] !== '<') {
      if (xml[at]?.trim()) throw new Error(`text outside a tag at ${at}`);
      at += 1;
      continue;
    }
    const closing = xml[at + 1] === '/';
    at += closing ? 2 : 1;
    let name = '';
    while (at < xml.length && isNameChar(xml[at] ?? '')) name += xml[at++];
    if (!name) throw new Error(`a tag without a name at ${at}`);
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes another element`);
      if (xml[at++] !== '>') throw new Error(`</${name} is not closed`);
      continue;
    }
    names.push(name);
    const seen = new Set<string>();
    for (;;) {
      while (xml[at] === ' ') at += 1;
      if (xml.startsWith('/>', at)) {
        at += 2;
        break;
      }
      if (xml[at] === '>') {
        at += 1;
        open.push(name);
        break;
      }
      let attribute = '';
      while (at < xml.length && isNameChar(xml[at] ?? '')) attribute += xml[at++];
      if (!attribute || xml[at] !== '=') throw new Error(`a bad attribute in <${name}> at ${at}`);
      if (seen.has(attribute)) throw new Error(`${attribute} twice in <${name}>`);
      seen.add(attribute);
      const quote = xml[at + 1];
      if (quote !== '"' && quote !== "'") throw new Error(`${attribute} is not quoted`);
      const end = xml.indexOf(quote, at + 2);
      if (end < 0 || xml.slice(at + 2, end).includes('<')) throw new Error(`${attribute} does not end`);
      at = end + 1;
    }
  }
  if (open.length > 0) throw new Error(`unclosed: ${open.join(', ')}`);
  return names;
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
