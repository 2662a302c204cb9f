import type { ImageVariant } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { backgroundPicture, responsiveImg } from './responsiveImage';

const base = 'https://cdn.example/bg.jpg';
const variants: ImageVariant[] = [640, 960, 1280, 1920].flatMap((width) => [
  { width, height: Math.round(width / 1.5), type: 'image/webp' as const, url: `${base}.w${width}.webp` },
  { width, height: Math.round(width / 1.5), type: 'image/jpeg' as const, url: `${base}.w${width}.jpg` },
]);

const parse = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};
const widthsOf = (srcset: string | null) =>
  (srcset ?? '').split(', ').map((candidate) => Number(candidate.split(' ')[1]?.replace('w', '')));

/**
 * What a browser does with a <picture> (HTML's source selection): the first <source> whose media matches
 * and whose type it supports, else the <img>; then it picks one candidate of that srcset.
 */
function candidatesFor(picture: Element, viewportWidth: number, supportsWebp: boolean): number[] {
  for (const source of picture.querySelectorAll('source')) {
    const maxWidth = /^\(max-width: (\d+)px\)$/.exec(source.getAttribute('media') ?? '')?.[1];
    if (source.hasAttribute('media') && (maxWidth === undefined || viewportWidth > Number(maxWidth)))
      continue;
    if (source.getAttribute('type') === 'image/webp' && !supportsWebp) continue;
    return widthsOf(source.getAttribute('srcset'));
  }
  return widthsOf(picture.querySelector('img')?.getAttribute('srcset') ?? null);
}

describe('responsive images', () => {
  it('offers the WebP copies in a <source> and the fallback copies in the <img>, with sizes and alt', () => {
    const picture = parse(
      responsiveImg(
        { url: base, variants },
        { className: 'qb-image', alt: 'A "sunny" beach', sizes: '50vw' },
      ),
    ).querySelector('picture');
    const source = picture?.querySelector('source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      variants
        .filter((variant) => variant.type === 'image/webp')
        .map((variant) => `${variant.url} ${variant.width}w`)
        .join(', '),
    );
    expect(source?.getAttribute('sizes')).toBe('50vw');
    const img = picture?.querySelector('img');
    expect(img?.getAttribute('src')).toBe(base);
    expect(img?.getAttribute('srcset')).toBe(
      `${base}.w640.jpg 640w, ${base}.w960.jpg 960w, ${base}.w1280.jpg 1280w, ${base}.w1920.jpg 1920w`,
    );
    expect(img?.getAttribute('sizes')).toBe('50vw');
    expect(img?.getAttribute('alt')).toBe('A "sunny" beach');
    expect(img?.className).toBe('qb-image');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1920', '1280']);
    expect(img?.getAttribute('decoding')).toBe('async');
    expect(img?.hasAttribute('loading')).toBe(false);
  });

  it('is a plain <img> without variants, lazy when asked', () => {
    const html = responsiveImg({ url: base }, { alt: '', sizes: '100vw', lazy: true });
    expect(html).toBe(`<img src="${base}" alt="" loading="lazy" decoding="async">`);
    expect(responsiveImg({ url: base, variants: [] }, { alt: 'x', sizes: '1px' })).not.toContain('<picture');
  });

  it('escapes every attribute', () => {
    const hostile = 'https://cdn.example/a.png?"><script>alert(1)</script>';
    const html = responsiveImg(
      { url: hostile, variants: [{ width: 640, height: 480, type: 'image/webp', url: hostile }] },
      { className: 'x" onload="y', alt: '"><b>', sizes: '"><i>' },
    );
    expect(html).not.toMatch(/<script|<b>|<i>|" onload=/);
    const img = parse(html).querySelector('img');
    expect(img?.getAttribute('src')).toBe(hostile);
    expect(img?.getAttribute('alt')).toBe('"><b>');
    const background = backgroundPicture({
      url: hostile,
      variants: [{ width: 640, height: 480, type: 'image/jpeg', url: hostile }],
    });
    expect(background).not.toContain('<script');
    expect(parse(background).querySelector('img')?.getAttribute('srcset')).toBe(`${hostile} 640w`);
  });

  it('never offers a phone-sized screen the 1920 background, and offers it to larger ones', () => {
    const picture = parse(backgroundPicture({ url: base, variants })).querySelector('picture');
    expect(picture?.className).toBe('qb-bg');
    expect(picture?.getAttribute('aria-hidden')).toBe('true');
    for (const supportsWebp of [true, false]) {
      for (const viewport of [320, 360, 412, 720]) {
        expect(candidatesFor(picture as Element, viewport, supportsWebp)).toEqual([640, 960, 1280]);
      }
      expect(candidatesFor(picture as Element, 721, supportsWebp)).toEqual([640, 960, 1280, 1920]);
      expect(candidatesFor(picture as Element, 1440, supportsWebp)).toEqual([640, 960, 1280, 1920]);
    }
    const img = picture?.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('sizes')).toBe('100vw');
    expect(img?.getAttribute('decoding')).toBe('async');
    expect(picture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain('.webp');
  });

  it('shows a background without variants as its original', () => {
    expect(backgroundPicture({ url: base })).toBe(
      `<picture class="qb-bg" aria-hidden="true"><img alt="" src="${base}" decoding="async"></picture>`,
    );
  });
});
