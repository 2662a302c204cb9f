import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The dependency rule (ARCHITECTURE.md): a feature's operations and queries, and shared/, know nothing of HTTP
 * or of the routes that serve them; only the HTTP layer and its neighbours import Fastify; routes reach the
 * database through the operations and queries; and no feature registers another feature's routes.
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

/** The feature a source belongs to (`features/<feature>/…`), or undefined outside features/. */
const featureOf = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : undefined);

/** Relative to src/ without `.ts`, as imports name them: the files that register routes. */
const routeTargets = new Set(
  sources.filter(({ routes }) => routes).map(({ file }) => file.replace(/\.ts$/, '')),
);

/**
 * Feature files on the HTTP side that register no route themselves: Fastify's requests and replies pass
 * through them (the session cookie, a page sent compressed, the SPA's files, the OpenAPI document…), so they
 * stand with the routes rather than with the operations and queries.
 */
const HTTP_HELPERS = [
  'features/accounts/sendAccountExport.ts',
  'features/apiReference/endpointOperation.ts',
  'features/auth/sessionCookie.ts',
  'features/builder/builderAssets.ts',
  'features/builder/builtPages.ts',
  'features/publishedSite/compressedBody.ts',
  'features/publishedSite/movedQuizRedirects.ts',
  'features/publishedSite/publishedSite.ts',
  'features/publishedSite/sendCompressed.ts',
  'features/publishing/previewPage.ts',
];

/** shared/, and every feature file that neither registers routes nor is one of the HTTP helpers. */
const isOperationOrQuery = (file: string) =>
  file.startsWith('shared/') ||
  (file.startsWith('features/') &&
    !HTTP_HELPERS.includes(file) &&
    !sources.some((source) => source.routes && source.file === file));

describe('the dependency rule', () => {
  it('finds the server’s sources', () => {
    expect(sources.length).toBeGreaterThan(200);
    const publishQuiz = sources.find(({ file }) => file === 'features/publishing/publishQuiz.ts');
    expect(publishQuiz?.imports).toEqual(expect.arrayContaining(['drizzle-orm', 'shared/appError']));
  });

  it('lists as HTTP helpers only feature files that register no route and do use Fastify or http/', () => {
    expect(
      HTTP_HELPERS.filter((helper) => {
        const source = sources.find(({ file }) => file === helper);
        return (
          source === undefined ||
          source.routes ||
          !source.imports.some((target) => isFastify(target) || target.startsWith('http/'))
        );
      }),
    ).toEqual([]);
  });

  it('keeps operations, queries and shared/ free of HTTP: no Fastify, nothing from http/, no route files', () => {
    expect(sources.filter(({ file }) => isOperationOrQuery(file)).length).toBeGreaterThan(150);
    expect(
      violations(
        isOperationOrQuery,
        (target) => isFastify(target) || target.startsWith('http/') || routeTargets.has(target),
      ),
    ).toEqual([]);
  });

  it('keeps shared/ independent of every feature', () => {
    expect(
      violations(
        (file) => file.startsWith('shared/'),
        (target) => target.startsWith('features/'),
      ),
    ).toEqual([]);
  });

  it('lets only the HTTP layer, the routes and HTTP helpers, operations and security hooks, and the app import Fastify', () => {
    const httpSide = (file: string) =>
      /^(http|operations|security)\/|^app\.ts$/.test(file) ||
      (file.startsWith('features/') && !isOperationOrQuery(file));
    expect(violations((file) => !httpSide(file), isFastify)).toEqual([]);
  });

  it('has routes reach the database through the operations and queries, never with drizzle-orm', () => {
    expect(sources.filter(({ routes }) => routes).length).toBeGreaterThan(20);
    expect(
      sources
        .filter(({ routes, imports }) => routes && imports.includes('drizzle-orm'))
        .map(({ file }) => file),
    ).toEqual([]);
  });

  it('never has a feature import another feature’s route files', () => {
    expect(
      sources
        .filter(({ file }) => featureOf(file) !== undefined)
        .flatMap(({ file, imports }) =>
          imports
            .filter((target) => routeTargets.has(target) && featureOf(target) !== undefined)
            .filter((target) => featureOf(target) !== featureOf(file))
            .map((target) => `${file} imports ${target}`),
        ),
    ).toEqual([]);
  });
});
