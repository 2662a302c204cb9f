import type { FastifyInstance } from 'fastify';
import { AppError } from './appError';
import { assertStorable } from './storableText';

/**
 * The builder sends `Content-Type: application/json` on every call (spec section 7), also on
 * DELETE and on POSTs without a body; Fastify's own parser refuses those empty bodies. Every string in a
 * body is checked here, once, for characters the database refuses.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(
        new AppError('validation_failed', 'Invalid request. The body is not valid JSON.'),
        undefined,
      );
    }
    try {
      assertStorable(parsed, 'body');
    } catch (error) {
      return done(error as AppError, undefined);
    }
    done(null, parsed);
  });
}
