import { describe, expect, it } from 'vitest';
import { normalizeEmailAddress } from './emailAddress';

describe('the email address rule', () => {
  it('accepts what WHATWG calls valid, with an internationalized domain in ASCII', () => {
    expect(normalizeEmailAddress(' ada@example.com ')).toBe('ada@example.com');
    expect(normalizeEmailAddress("o'brien+news@mail.example.co.uk")).toBe("o'brien+news@mail.example.co.uk");
    expect(normalizeEmailAddress('a@EXAMPLE.com')).toBe('a@example.com');
    expect(normalizeEmailAddress('a@exämple.com')).toBe('a@xn--exmple-cua.com');
    expect(normalizeEmailAddress('user@bücher.例え.jp')).toBe('user@xn--bcher-kva.xn--r8jz45g.jp');
    expect(normalizeEmailAddress(`${'a'.repeat(64)}@example.com`)).not.toBeNull();
  });

  it('refuses labels that start or end with a hyphen, over-long parts, and everything else WHATWG refuses', () => {
    for (const text of [
      'a@example-.com',
      'a@-example.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(64)}.com`,
      `a@${`${'b'.repeat(60)}.`.repeat(5)}com`,
      'a@localhost',
      'plain',
      '@example.com',
      'a@',
      'a b@example.com',
      'a@exa mple.com',
      'a@@example.com',
      '"quoted"@example.com',
      'a@example.com.',
      'a@[127.0.0.1]',
      'a\u0000b@example.com',
      'a@ex\u0000ample.com',
      'a@example..com',
    ]) {
      expect(normalizeEmailAddress(text), text).toBeNull();
    }
  });
});
