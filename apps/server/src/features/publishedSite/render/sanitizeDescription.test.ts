import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitizeDescription';

describe('sanitizeDescription', () => {
  it('keeps the simple formatting of the allow-list', () => {
    const html =
      '<p>A <b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br></p><ul><li>one</li></ul><ol><li>two</li></ol>';
    expect(sanitizeDescription(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts with their content, event handlers and other tags', () => {
    expect(sanitizeDescription('Hi<script>steal(document.cookie)</script>!')).toBe('Hi!');
    expect(sanitizeDescription('<img src=x onerror="alert(1)">Text')).toBe('Text');
    expect(sanitizeDescription('<b onclick="alert(1)" style="color:red">Bold</b>')).toBe('<b>Bold</b>');
    expect(sanitizeDescription('<iframe src="https://evil.example"></iframe><style>body{}</style>Ok')).toBe(
      'Ok',
    );
    expect(sanitizeDescription('<div><span>kept text</span></div>')).toBe('kept text');
  });

  it('keeps http(s) and mailto links, opening in a new tab, and drops javascript: and other schemes', () => {
    expect(sanitizeDescription('<a href="https://shop.example/x" onclick="x()">Shop</a>')).toBe(
      '<a href="https://shop.example/x" target="_blank" rel="noopener noreferrer">Shop</a>',
    );
    expect(sanitizeDescription('<a href="mailto:hi@shop.example">Mail</a>')).toContain(
      'href="mailto:hi@shop.example"',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
    ]) {
      expect(sanitizeDescription(`<a href="${href}">Link</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer">Link</a>',
      );
    }
  });

  it('turns the line breaks of plain text into <br>, but leaves formatted descriptions alone', () => {
    expect(sanitizeDescription('Line one\nLine two\r\nLine three')).toBe(
      'Line one<br>Line two<br>Line three',
    );
    expect(sanitizeDescription('<p>One</p>\n<p>Two</p>')).toBe('<p>One</p>\n<p>Two</p>');
  });

  it('escapes text that only looks like markup', () => {
    expect(sanitizeDescription('5 < 6 & 7 > 3')).toBe('5 &lt; 6 &amp; 7 &gt; 3');
  });
});
