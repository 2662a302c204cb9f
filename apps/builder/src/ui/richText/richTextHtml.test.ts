import { describe, expect, it } from 'vitest';
import { editableHtml, linkAddress } from './richTextHtml';

describe('linkAddress', () => {
  it('takes web pages and email addresses, giving a bare host name https', () => {
    expect(linkAddress(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(linkAddress('http://localhost:3000')).toBe('http://localhost:3000');
    expect(linkAddress('www.example.com/offer')).toBe('https://www.example.com/offer');
    expect(linkAddress('mailto:sales@example.com')).toBe('mailto:sales@example.com');
  });

  it('refuses every other scheme and what is not an address', () => {
    for (const typed of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'ftp://example.com',
      '//example.com',
      '/relative',
      'mailto:nobody',
      'https://nodot',
      'two words.com',
      '',
    ]) {
      expect(linkAddress(typed), typed).toBeNull();
    }
  });
});

describe('editableHtml', () => {
  it('keeps HTML with block formatting and turns text into paragraphs and line breaks', () => {
    expect(editableHtml('<ul><li>a</li></ul>')).toBe('<ul><li>a</li></ul>');
    expect(editableHtml('You are <b>bold</b>\r\nReally\n \nYes')).toBe(
      '<p>You are <b>bold</b><br>Really</p><p>Yes</p>',
    );
    expect(editableHtml('  \n ')).toBe('');
  });
});
