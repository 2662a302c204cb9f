import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { packageName, packagesLoadedAtStart } from './packagesLoadedAtStart.mjs';

type Import = Metafile['outputs'][string]['imports'][number];
const output = (imports: Import[]): Metafile['outputs'][string] => ({
  imports,
  exports: [],
  inputs: {},
  bytes: 0,
});

describe('packagesLoadedAtStart', () => {
  it('follows static imports through chunks, and stops at import()', () => {
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'dist/cli.js': output([
          { path: 'dist/chunks/config.js', kind: 'import-statement' },
          { path: 'dist/chunks/database.js', kind: 'dynamic-import' },
          { path: 'node:path', kind: 'import-statement', external: true },
        ]),
        'dist/chunks/config.js': output([
          { path: 'zod', kind: 'import-statement', external: true },
          { path: 'dist/chunks/shared.js', kind: 'import-statement' },
        ]),
        'dist/chunks/shared.js': output([
          { path: '@scope/tool/sub', kind: 'import-statement', external: true },
          { path: 'dist/chunks/config.js', kind: 'import-statement' },
        ]),
        'dist/chunks/database.js': output([
          { path: '@electric-sql/pglite', kind: 'import-statement', external: true },
        ]),
      },
    };
    expect([...packagesLoadedAtStart(metafile, 'dist/cli.js')].sort()).toEqual(['@scope/tool', 'zod']);
    expect([...packagesLoadedAtStart(metafile, 'dist/chunks/database.js')]).toEqual(['@electric-sql/pglite']);
  });

  it('names a package by its scope and name, without the subpath', () => {
    expect(packageName('drizzle-orm/pg-core')).toBe('drizzle-orm');
    expect(packageName('@electric-sql/pglite/vector')).toBe('@electric-sql/pglite');
    expect(packageName('pg')).toBe('pg');
  });
});
