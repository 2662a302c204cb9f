import { endpoint, fileAnswer } from '@quizbeam/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/appContext';
import { registerEndpoint } from '../http/registerEndpoint';
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

const probe = { access: 'public', page: true, response: fileAnswer } as const;
const livenessEndpoint = endpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'The process answers',
  ...probe,
});
const readinessEndpoint = endpoint({
  method: 'GET',
  path: '/readyz',
  summary: 'The process can serve: database, migrations, worker, not shutting down',
  ...probe,
});

/**
 * For probes, not the API: no session, and answered with the status their checks give (503 when not
 * ready), even when the rest of the app cannot answer.
 */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext, status: ProcessStatus): void {
  const readiness = createReadinessCheck(context.db, status);
  const probes = app.withTypeProvider<ZodTypeProvider>();
  registerEndpoint(probes, context, livenessEndpoint, async ({ reply }) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  registerEndpoint(probes, context, readinessEndpoint, async ({ reply }) => {
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
