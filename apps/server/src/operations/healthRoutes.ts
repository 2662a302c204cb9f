import type { Database } from '@quizbeam/db/database';
import type { FastifyInstance } from 'fastify';
import type { ProcessStatus } from './processStatus';
import { createReadinessCheck } from './readiness';

/**
 * Answered on every host (the builder's, published sites, a bare IP): load balancers and container
 * health checks probe with whatever Host they have. Published slugs are 8 characters, so no quiz
 * can live at these paths.
 */
export const HEALTH_PATHS = ['/healthz', '/readyz'];

export function isHealthPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return HEALTH_PATHS.includes(pathname);
}

/**
 * Plain routes, not declared endpoints: they are for probes, not the API (no session, no JSON contract
 * the builder calls), and must answer even when the rest of the app cannot.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, status: ProcessStatus): void {
  const readiness = createReadinessCheck(db, status);
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness();
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not ready',
        ...(ready
          ? {}
          : { failing: Object.entries(checks).flatMap(([name, result]) => (result.ok ? [] : [name])) }),
        checks,
      });
  });
}
