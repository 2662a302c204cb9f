import { describe, expect, it } from 'vitest';
import { displayDomainHost, normalizeDomainHost } from './normalizeDomainHost';

describe('normalizeDomainHost', () => {
  it('lower-cases, trims and drops the trailing dot of a fully qualified name', () => {
    expect(normalizeDomainHost(' Quiz.Example.COM. ')).toBe('quiz.example.com');
  });

  it('turns an internationalised domain into its ASCII (punycode) name, and leaves that name alone', () => {
    expect(normalizeDomainHost('Bücher.Example.com.')).toBe('xn--bcher-kva.example.com');
    expect(normalizeDomainHost('XN--BCHER-KVA.example.com')).toBe('xn--bcher-kva.example.com');
    expect(normalizeDomainHost('пример.рф')).toBe('xn--e1afmkfd.xn--p1ai');
  });

  it('never reads an ASCII name as an address', () => {
    expect(normalizeDomainHost('1.2.3')).toBe('1.2.3');
  });

  it('answers an empty name for what IDNA refuses, so it matches no stored domain', () => {
    expect(normalizeDomainHost('\u0301quiz.example.com')).toBe('');
  });
});

describe('displayDomainHost', () => {
  it('shows an ASCII (punycode) name as people write it', () => {
    expect(displayDomainHost('xn--bcher-kva.example.com')).toBe('bücher.example.com');
    expect(displayDomainHost('quiz.example.com')).toBe('quiz.example.com');
  });
});
