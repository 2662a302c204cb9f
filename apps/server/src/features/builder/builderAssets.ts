import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { repositoryRoot } from '@quizbeam/db/repositoryRoot';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/appContext';
import { readBuiltPage, sendBuiltPage } from './builtPages';
import { registerSignInPage } from './signInPage';

/** From the repository root, so the server's bundle (apps/server/dist) finds it too. */
export const defaultBuilderDist = path.join(repositoryRoot(import.meta.url), 'apps/builder/dist');

const API_PREFIXES = ['/api/', '/accounts/', '/oauth/', '/internal/', '/ui/', '/uploads/'];

/** Serves the built SPA: hashed assets under /ui/, index.html for every builder route under BASE_PATH. */
export async function registerBuilderAssets(app: FastifyInstance, context: AppContext, distDir: string) {
  const { config } = context;
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/ui/',
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexPage = readBuiltPage(distDir, 'index.html', config);
  if (indexPage) registerSignInPage(app, context, distDir, indexPage);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isBuilderRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathname === config.basePath ||
        pathname.startsWith(`${config.basePath}/`) ||
        config.basePath === '') &&
      !API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (!isBuilderRoute) {
      return reply.status(404).send({ error: 'We could not find what you asked for.', code: 'not_found' });
    }
    if (!indexPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The builder has not been built yet. Run `npm run build` (npm start does it for you).');
    }
    return sendBuiltPage(reply.header('cache-control', 'no-cache'), indexPage);
  });
}
