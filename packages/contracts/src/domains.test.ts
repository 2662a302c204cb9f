import { describe, expect, it } from 'vitest';
import {
  DOMAIN_CHARACTERS_ERROR,
  DOMAIN_FORMAT_ERROR,
  DOMAIN_PARTS_ERROR,
  domainHostSchema,
  domainRuleError,
} from './domains';

const reasonOf = (host: string) => {
  const parsed = domainHostSchema.safeParse(host);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the domain rules', () => {
  it('takes letters of any script, digits, hyphens and dots while typing', () => {
    for (const host of ['bücher.example.com', 'пример.рф', 'क्विज़.भारत', 'my-quiz.example.com', '']) {
      expect(domainRuleError(host), host).toBeNull();
    }
  });

  it('refuses any other character, and a fourth part, whatever the script', () => {
    for (const host of ['☃.example.com', 'quiz_site.example.com', 'quiz example.com', 'bü@cher.com']) {
      expect(domainRuleError(host), host).toBe(DOMAIN_CHARACTERS_ERROR);
    }
    expect(domainRuleError('bücher.shop.example.com')).toBe(DOMAIN_PARTS_ERROR);
  });

  it('accepts an internationalised domain, as typed in lower case, and its ASCII (punycode) name', () => {
    expect(domainHostSchema.parse(' Bücher.Example.com ')).toBe('bücher.example.com');
    expect(domainHostSchema.parse('xn--bcher-kva.example.com')).toBe('xn--bcher-kva.example.com');
    expect(domainHostSchema.parse('пример.рф')).toBe('пример.рф');
  });

  it('refuses letters that make no domain name', () => {
    // A label may not start with a combining accent (IDNA), nor end with a hyphen.
    expect(reasonOf('\u0301quiz.example.com')).toBe(DOMAIN_FORMAT_ERROR);
    expect(reasonOf('bücher-.example.com')).toBe(DOMAIN_FORMAT_ERROR);
    expect(reasonOf('bücher')).toBe(DOMAIN_FORMAT_ERROR);
    // Too long once written in ASCII: 63 characters a label at most.
    expect(reasonOf(`${'ü'.repeat(60)}.example.com`)).toBe(DOMAIN_FORMAT_ERROR);
  });
});
