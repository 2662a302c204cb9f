import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/appError';

/**
 * Fastify's own JSON parser (it refuses `__proto__` and `constructor.prototype` keys), except that an empty
 * body is no body: the builder sends `Content-Type: application/json` on every call, also on DELETE and on
 * POSTs without a body, which Fastify's parser would refuse.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const fastifyParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    fastifyParser(request, text, (error, parsed) => {
      if (!error) return done(null, parsed);
      // Fastify reports both failures alike; text that plain JSON.parse accepts was refused for its keys.
      const poisoned = parsesAsPlainJson(text);
      done(
        new AppError(
          'validation_failed',
          poisoned
            ? 'Invalid request. The body has a key that is not allowed (__proto__ or constructor.prototype).'
            : 'Invalid request. The body is not valid JSON.',
        ),
        undefined,
      );
    });
  });
}

function parsesAsPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
