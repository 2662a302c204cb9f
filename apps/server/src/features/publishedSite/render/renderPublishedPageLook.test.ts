import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderedPage as render } from '../../../testing/renderedPages';
import { petQuiz } from '../../../testing/sampleQuizzes';

const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

describe('a published page’s look', () => {
  it('styles the page with its theme, the marketer’s colours and fonts and background, inline and within the CSS budget', () => {
    const background = {
      id: 'b',
      accountId: 'a',
      filename: 'b.jpg',
      s3Key: 'k',
      url: 'https://cdn.example/bg.jpg',
      width: 1920,
      height: 1350,
      variants: [
        { width: 640, height: 450, type: 'image/webp' as const, url: 'https://cdn.example/bg.w640.webp' },
        { width: 640, height: 450, type: 'image/jpeg' as const, url: 'javascript:alert(1)' },
      ],
    };
    const { quiz } = petQuiz({
      theme: 'theme-4',
      textColor: '#ffffff',
      fontFamily: 'Lora',
      buttonBackgroundColor: 'rgb(10, 20, 30)',
      buttonTextColor: 'red;}</style><script>alert(1)</script>',
      backgroundImage: background,
    });
    const html = render(quiz);
    const style = styleOf(html);
    const overrides = style.slice(style.lastIndexOf(':root'));
    expect(overrides).toContain('--qb-text:#ffffff');
    expect(overrides).toContain('--qb-font:"Lora",Georgia');
    expect(overrides).toContain('--qb-btn-bg:rgb(10, 20, 30)');
    // The unsafe button text colour is dropped: the theme's applies.
    expect(overrides).not.toContain('--qb-btn-text');
    expect(style).not.toContain('<script');
    expect(style).toContain('@font-face{font-family:"Lora"');
    expect(style).toContain('/_q/fonts/lora-latin-400-normal.woff2');
    expect(html).toContain('<link rel="preload" href="/_q/fonts/lora-latin-400-normal.woff2" as="font"');
    expect(html).toContain('<body class="qb-has-bg">');
    expect(html).toContain('https://cdn.example/bg.w640.webp 640w');
    expect(html).not.toContain('javascript:');
    expect(gzipSync(style).length).toBeLessThanOrEqual(8 * 1024);
  });

  it('loads only the default theme’s one font family and no background of its own', () => {
    const html = render(petQuiz().quiz);
    expect(html.match(/rel="preload"/g)).toHaveLength(2);
    expect(html).toContain('<body>');
    expect(html).not.toContain('class="qb-bg"');
    expect(new Set([...styleOf(html).matchAll(/font-family:"([^"]+)"/g)].map((match) => match[1]))).toEqual(
      new Set(['Inter']),
    );
  });
});
