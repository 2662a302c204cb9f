import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The dependency rule (ARCHITECTURE.md): the domain knows nothing of HTTP or of the modules that serve it;
 * only the HTTP layer and its neighbours import Fastify; routes reach the database through the domain; and no
 * module registers another module's routes.
 */

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

interface SourceFile {
  /** Relative to src/, with forward slashes. */
  file: string;
  /** It registers routes. */
  routes: boolean;
  /** Each import's target: a package name, or a path relative to src/ for a relative import. */
  imports: string[];
}

/** `import … from 'x'`, `export … from 'x'`, `import('x')` and `import 'x'`: what a module depends on. */
const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('testing/');

function productionSources(): SourceFile[] {
  return readdirSync(sourceRoot, { recursive: true })
    .map((entry) => String(entry).split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !isTest(file))
    .map((file) => {
      const text = readFileSync(path.join(sourceRoot, file), 'utf8');
      const imports = [...text.matchAll(IMPORT_PATTERN)]
        .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
        .map((target) =>
          target.startsWith('.') ? path.posix.join(path.posix.dirname(file), target) : target,
        );
      return { file, imports, routes: imports.includes('http/registerEndpoint') };
    });
}

const sources = productionSources();

/** "file imports target" for every import matching `forbidden` in the files `where` selects. */
function violations(where: (file: string) => boolean, forbidden: (target: string) => boolean): string[] {
  return sources
    .filter(({ file }) => where(file))
    .flatMap(({ file, imports }) => imports.filter(forbidden).map((target) => `${file} imports ${target}`));
}

const isFastify = (target: string) => /^(fastify|@fastify\/|fastify-)/.test(target);

describe('the dependency rule', () => {
  it('finds the server’s sources', () => {
    expect(sources.length).toBeGreaterThan(200);
    const publishQuiz = sources.find(({ file }) => file === 'domain/publishQuiz.ts');
    expect(publishQuiz?.imports).toEqual(expect.arrayContaining(['drizzle-orm', 'domain/appError']));
  });

  it('keeps the domain free of HTTP: no Fastify, nothing from http/ or modules/', () => {
    expect(
      violations(
        (file) => file.startsWith('domain/'),
        (target) => isFastify(target) || target.startsWith('http/') || target.startsWith('modules/'),
      ),
    ).toEqual([]);
  });

  it('lets only the HTTP layer, the modules, operations and security hooks, and the app import Fastify', () => {
    const httpSide = /^(http|modules|operations|security)\/|^app\.ts$/;
    expect(violations((file) => !httpSide.test(file), isFastify)).toEqual([]);
  });

  it('has routes reach the database through the domain, never with drizzle-orm', () => {
    expect(sources.filter(({ routes }) => routes).length).toBeGreaterThan(20);
    expect(
      sources
        .filter(({ routes, imports }) => routes && imports.includes('drizzle-orm'))
        .map(({ file }) => file),
    ).toEqual([]);
  });

  it('never has a module import another module’s routes', () => {
    const moduleOf = (file: string) => file.split('/')[1];
    expect(
      sources
        .filter(({ file }) => file.startsWith('modules/'))
        .flatMap(({ file, imports }) =>
          imports
            .filter((target) => target.startsWith('modules/') && moduleOf(target) !== moduleOf(file))
            .filter((target) => sources.some(({ file, routes }) => routes && file === `${target}.ts`))
            .map((target) => `${file} imports ${target}`),
        ),
    ).toEqual([]);
  });
});
