import { describe, expect, it } from 'vitest';
import {
  EMPTY_WEB_ADDRESS_TEXT,
  INCOMPLETE_WEB_ADDRESS_TEXT,
  isWebAddress,
  normalizeWebAddress,
  WEB_ADDRESS_SCHEME_TEXT,
  webAddressProblem,
} from './webAddress';

describe('the web address rule', () => {
  it('keeps http and https addresses as typed, trimmed', () => {
    expect(normalizeWebAddress(' https://example.com/offer?x=1#top ')).toBe(
      'https://example.com/offer?x=1#top',
    );
    expect(normalizeWebAddress('http://shop.example.co.uk')).toBe('http://shop.example.co.uk');
    expect(normalizeWebAddress('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(normalizeWebAddress('http://localhost:3000/x')).toBe('http://localhost:3000/x');
    expect(normalizeWebAddress('https://127.0.0.1/x')).toBe('https://127.0.0.1/x');
  });

  it('adds https:// when the scheme is missing, a port included', () => {
    expect(normalizeWebAddress('example.com/offer')).toBe('https://example.com/offer');
    expect(normalizeWebAddress('www.example.com')).toBe('https://www.example.com');
    expect(normalizeWebAddress('example.com:8080/offer')).toBe('https://example.com:8080/offer');
    expect(normalizeWebAddress('localhost:3000')).toBe('https://localhost:3000');
    expect(normalizeWebAddress('//example.com/offer')).toBe('https://example.com/offer');
  });

  it('refuses every other scheme, saying to use http or https', () => {
    for (const text of [
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'mailto:ada@example.com',
      'tel:+15551234',
      'file:///etc/passwd',
      'http:example.com',
      'https:/example.com',
    ]) {
      expect(normalizeWebAddress(text), text).toBeNull();
      expect(webAddressProblem(text), text).toBe(WEB_ADDRESS_SCHEME_TEXT);
      expect(isWebAddress(text), text).toBe(false);
    }
  });

  it('refuses what is not a complete address, and the empty text', () => {
    for (const text of ['offer', 'https://offer', 'exa mple.com', 'https://', 'https://exa mple.com/x']) {
      expect(normalizeWebAddress(text), text).toBeNull();
      expect(webAddressProblem(text), text).toBe(INCOMPLETE_WEB_ADDRESS_TEXT);
    }
    expect(normalizeWebAddress('  ')).toBeNull();
    expect(webAddressProblem('')).toBe(EMPTY_WEB_ADDRESS_TEXT);
  });

  it('counts as stored only an address whose scheme is written out', () => {
    expect(isWebAddress('https://example.com/offer')).toBe(true);
    expect(isWebAddress('example.com/offer')).toBe(false);
    expect(webAddressProblem('example.com/offer')).toBeNull();
  });
});
