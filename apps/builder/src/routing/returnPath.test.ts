import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathReturningTo } from './returnPath';

describe('the page to return to after signing in', () => {
  it.each([
    ['/share/abc/', '/share/abc/'],
    ['/quizzes/7/questions', '/quizzes/7/questions'],
    ['/integrations/aweber/auth-success?x=1', '/integrations/aweber/auth-success?x=1'],
    ['/domains#list', '/domains#list'],
  ])('accepts the builder path %j', (value, expected) => {
    expect(safeReturnPath(value, '')).toBe(expected);
    expect(safeReturnPath(value, '/builder')).toBe(expected);
  });

  it.each([
    null,
    '',
    'share/abc/',
    '//evil.com',
    '//evil.com/share/abc/',
    '///evil.com',
    'https://evil.com/',
    'HTTPS://evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    ' /share/abc/',
    '/\tevil.com',
    '/\nshare',
    '/login',
    '/login?next=/login',
  ])('refuses %j and goes to /', (value) => {
    expect(safeReturnPath(value, '')).toBe('/');
    expect(safeReturnPath(value, '/builder')).toBe('/');
  });

  it('refuses a path that climbs out of the base path', () => {
    for (const value of ['/../admin', '/%2e%2e/admin', '/share/../../api/me', '/%2E%2E/x']) {
      expect(safeReturnPath(value, '/builder')).toBe('/');
    }
    expect(safeReturnPath('/share/../domains', '/builder')).toBe('/domains');
  });

  it('carries the page asked for to the sign-in screen, relative to the base path', () => {
    expect(signInPathReturningTo('http://app.test/share/abc/', '')).toBe('/login?next=/share/abc/');
    expect(signInPathReturningTo('http://app.test/builder/share/abc/', '/builder')).toBe(
      '/login?next=/share/abc/',
    );
    expect(signInPathReturningTo('http://app.test/builder/quizzes/7?tab=a&b=c', '/builder')).toBe(
      '/login?next=/quizzes/7%3Ftab%3Da%26b%3Dc',
    );
    expect(signInPathReturningTo('http://app.test/builder/', '/builder')).toBe('/login');
    expect(signInPathReturningTo('http://app.test/builder', '/builder')).toBe('/login');
    expect(signInPathReturningTo('http://app.test/', '')).toBe('/login');
  });
});
