import { describe, expect, it } from 'vitest';
import { PUBLISHED_SLUG_PATTERN } from './publishing';
import {
  changeQuizAddressBodySchema,
  normalizeQuizPath,
  QUIZ_PATH_FORMAT_MESSAGE,
  QUIZ_PATH_RESERVED_MESSAGE,
  quizPathProblem,
  quizPathSchema,
} from './quizAddress';

const messageOf = (input: string) => {
  const parsed = quizPathSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

describe('the quiz path rule', () => {
  it('takes lowercase letters, digits and hyphens, 3 to 60 of them, starting and ending with a letter or digit', () => {
    for (const path of ['coffee-finder', 'abc', 'a-b', '2024-gift-guide', 'x'.repeat(60), 'a--b']) {
      expect(quizPathSchema.parse(path)).toBe(path);
    }
  });

  it('lowercases, trims and drops one leading slash before checking', () => {
    expect(normalizeQuizPath('  /Coffee-Finder ')).toBe('coffee-finder');
    expect(quizPathSchema.parse(' /Coffee-Finder')).toBe('coffee-finder');
    expect(changeQuizAddressBodySchema.parse({ path: 'COFFEE' })).toEqual({ path: 'coffee' });
  });

  it('refuses anything else with one clear message', () => {
    const malformed = [
      '',
      'ab',
      'x'.repeat(61),
      'x'.repeat(500),
      '-coffee',
      'coffee-',
      'coffee finder',
      'coffee_finder',
      'café',
      'coffee/finder',
      '//coffee',
      'coffee.html',
      'coffee?x=1',
      '%2e%2e',
    ];
    for (const path of malformed) expect(messageOf(path), path).toEqual([QUIZ_PATH_FORMAT_MESSAGE]);
  });

  it('refuses the paths the published host serves itself, and the obvious ones', () => {
    for (const path of [
      'api',
      'admin',
      'login',
      'logout',
      'ui',
      'www',
      'static',
      'assets',
      'uploads',
      'healthz',
      'readyz',
      'internal',
      'preview',
      'embed',
      'fonts',
      'well-known',
      '/Admin',
      'robots.txt',
      'favicon.ico',
      'sitemap.xml',
      '_q',
    ]) {
      expect(messageOf(path), path).toEqual([QUIZ_PATH_RESERVED_MESSAGE]);
    }
    expect(quizPathProblem('administrator')).toBeNull();
  });

  it('keeps the random 8-character paths of existing quizzes valid, and the published site serves every path', () => {
    expect(quizPathSchema.parse('k3j9x0ab')).toBe('k3j9x0ab');
    for (const path of ['k3j9x0ab', 'coffee-finder', 'abc'])
      expect(PUBLISHED_SLUG_PATTERN.test(path)).toBe(true);
    for (const path of ['ab', 'Coffee', '-abc', 'a.b.c'])
      expect(PUBLISHED_SLUG_PATTERN.test(path)).toBe(false);
  });
});
