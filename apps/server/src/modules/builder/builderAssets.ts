import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@quizbeam/contracts/clientConfig';
import { repositoryRoot } from '@quizbeam/db/repositoryRoot';
import { scriptJson } from '@quizbeam/player/escapeHtml';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';

/** From the repository root, so the server's bundle (apps/server/dist) finds it too. */
export const defaultBuilderDist = path.join(repositoryRoot(import.meta.url), 'apps/builder/dist');

/** Embeds the client config as JSON; `<` is escaped so no value can close the script element. */
export function renderIndexHtml(template: string, config: Config): string {
  const clientConfig: ClientConfig = {
    basePath: config.basePath,
    supportEmail: config.supportEmail,
    helpUrl: config.helpUrl,
    publishUrl: config.publishUrl,
  };
  const tag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${scriptJson(clientConfig)}</script>`;
  return template.replace('</head>', `${tag}</head>`);
}

const API_PREFIXES = ['/api/', '/accounts/', '/oauth/', '/internal/', '/ui/', '/uploads/'];

/** Serves the built SPA: hashed assets under /ui/, index.html for every builder route under BASE_PATH. */
export async function registerBuilderAssets(app: FastifyInstance, config: Config, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
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
  const indexHtml = built ? renderIndexHtml(readFileSync(indexFile, 'utf8'), config) : null;

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
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The builder has not been built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
