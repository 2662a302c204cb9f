import type { FastifyInstance } from 'fastify';
import { AppError } from './appError';

/**
 * The builder sends `Content-Type: application/json` on every call (spec section 7), also on
 * DELETE and on POSTs without a body; Fastify's own parser refuses those empty bodies.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('validation_failed', 'Invalid request. The body is not valid JSON.'), undefined);
    }
  });
}
