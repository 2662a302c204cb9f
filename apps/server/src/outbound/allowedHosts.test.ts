import { describe, expect, it } from 'vitest';
import { isAllowedHost, parseAllowedHost } from './allowedHosts';

describe('parseAllowedHost', () => {
  it.each([
    ['localhost', { host: 'localhost', port: null }],
    ['Forms.Example.COM:8080', { host: 'forms.example.com', port: 8080 }],
    ['127.0.0.1:4000', { host: '127.0.0.1', port: 4000 }],
    ['[::1]:4000', { host: '::1', port: 4000 }],
    ['[0:0::1]', { host: '::1', port: null }],
    ['::1', { host: '::1', port: null }],
  ])('reads %s', (entry, expected) => {
    expect(parseAllowedHost(entry)).toEqual(expected);
  });

  it.each([
    '',
    'http://localhost',
    'localhost:0',
    'localhost:70000',
    'local_host',
    '[::1]:x',
    'a:1:2',
    '[example.com]',
  ])('refuses %s', (entry) => {
    expect(parseAllowedHost(entry)).toBeNull();
  });
});

describe('isAllowedHost', () => {
  const allowed = [
    { host: 'localhost', port: null },
    { host: '127.0.0.1', port: 4000 },
    { host: '::1', port: 5000 },
  ];

  it('matches the host, and the port when the entry has one', () => {
    expect(isAllowedHost(allowed, 'LOCALHOST', 1234)).toBe(true);
    expect(isAllowedHost(allowed, '127.0.0.1', 4000)).toBe(true);
    expect(isAllowedHost(allowed, '127.0.0.1', 4001)).toBe(false);
    expect(isAllowedHost(allowed, '[::1]', 5000)).toBe(true);
    expect(isAllowedHost(allowed, '::1', 5001)).toBe(false);
    expect(isAllowedHost(allowed, 'example.com', 80)).toBe(false);
  });
});
