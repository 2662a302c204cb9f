import { describe, expect, it } from 'vitest';
import { sanitizeDescriptionInBrowser } from './sanitizeInBrowser';

describe('descriptions sanitized in the pane', () => {
  it('keeps the allowed formatting and links to http(s) and mailto, opening in a new tab', () => {
    expect(
      sanitizeDescriptionInBrowser(
        '<p><b>Bold</b>, <i>italic</i>, <u>under</u> and <a href="https://example.com/x" title="t">a link</a></p>' +
          '<ul><li>one</li></ul><p><a href="mailto:hi@example.com">mail</a></p>',
      ),
    ).toBe(
      '<p><b>Bold</b>, <i>italic</i>, <u>under</u> and <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">a link</a></p>' +
        '<ul><li>one</li></ul><p><a href="mailto:hi@example.com" target="_blank" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('takes out scripts, handlers, styles and unsafe links, keeping the words of other tags', () => {
    const clean = sanitizeDescriptionInBrowser(
      '<p onclick="alert(1)" style="color:red">Hi <img src=x onerror="alert(1)"><span class="x">there</span>' +
        '<script>alert(1)</script><style>p{}</style></p>' +
        '<a href="javascript:alert(1)">bad</a><a href=" data:text/html,x">data</a><iframe src="https://x"></iframe>' +
        '<svg><script>alert(1)</script></svg><!-- note -->',
    );
    expect(clean).toBe(
      '<p>Hi there</p><a target="_blank" rel="noopener noreferrer">bad</a><a target="_blank" rel="noopener noreferrer">data</a>',
    );
  });

  it('turns line breaks into <br> when the text has no block formatting, as the server does', () => {
    expect(sanitizeDescriptionInBrowser('  First line\nSecond & <b>last</b>\r\n ')).toBe(
      'First line<br>Second &amp; <b>last</b>',
    );
    expect(sanitizeDescriptionInBrowser('<p>One</p>\n<p>Two</p>')).toBe('<p>One</p>\n<p>Two</p>');
    expect(sanitizeDescriptionInBrowser('')).toBe('');
  });
});
