// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { BundledChunk } from '../admin/consoleSeparation';
import { initialChunksOf, overSignInBudget, SIGN_IN_PAGE_BUDGET } from './signInBudget';

const chunk = (fileName: string, more: Partial<BundledChunk & { code: string }> = {}) => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  code: `export const name = ${JSON.stringify(fileName)};`,
  ...more,
});

describe("the sign-in page's first download", () => {
  it('is its entry and what that imports statically, not what it loads on demand', () => {
    const chunks = [
      chunk('signIn.js', {
        isEntry: true,
        imports: ['react.js', 'shared.js'],
        dynamicImports: ['authApi.js'],
      }),
      chunk('react.js'),
      chunk('shared.js', { imports: ['react.js'] }),
      chunk('authApi.js', { imports: ['zod.js'] }),
      chunk('zod.js'),
      chunk('index.js', { isEntry: true, imports: ['zod.js'] }),
    ];
    const initial = initialChunksOf(chunks, 'signIn');
    expect(initial.map((found) => found.fileName).sort()).toEqual(['react.js', 'shared.js', 'signIn.js']);
    expect(initial.every((found) => found.gzipBytes > 0)).toBe(true);
  });

  it('is over budget past 90 KB gzip or past 5 requests', () => {
    const within = Array.from({ length: 5 }, (_, index) => ({
      fileName: `${index}.js`,
      gzipBytes: 18 * 1024,
    }));
    expect(overSignInBudget(within)).toEqual([]);
    expect(SIGN_IN_PAGE_BUDGET).toEqual({ gzipBytes: 90 * 1024, requests: 5 });
    expect(
      overSignInBudget([...within.slice(0, 4), { fileName: '4.js', gzipBytes: 18 * 1024 + 205 }]),
    ).toEqual(['90.20 KB gzip, over 90.00 KB']);
    expect(overSignInBudget([...within, { fileName: '5.js', gzipBytes: 0 }])).toEqual(['6 requests, over 5']);
  });
});
