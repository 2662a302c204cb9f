import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/appError';

/** NUL and unpaired surrogates: PostgreSQL refuses the first in text and JSON, and the second in JSON. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * Walks a value from outside (a parsed JSON body, a query, path parameters) and refuses it with a 400
 * naming the first string, or object key, the database could not store. Iterative, so any depth is safe.
 */
export function assertStorable(value: unknown, root: string): void {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (!isStorableText(current)) throw unstorable(path);
    } else if (Array.isArray(current)) {
      current.forEach((element, index) => {
        stack.push({ value: element, path: `${path}/${index}` });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, element] of Object.entries(current)) {
        if (!isStorableText(key)) throw unstorable(path);
        stack.push({ value: element, path: `${path}/${key}` });
      }
    }
  }
}

const unstorable = (path: string) =>
  new AppError(
    'validation_failed',
    `Invalid request. ${path}: contains a character that cannot be stored (a NUL character or an incomplete Unicode character).`,
  );

/** Every body, path and query is checked once, before any validation or handler reads it. */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorable(request.params, 'params');
      assertStorable(request.query, 'querystring');
      if (request.body !== undefined && !Buffer.isBuffer(request.body)) assertStorable(request.body, 'body');
      done();
    } catch (error) {
      done(error as AppError);
    }
  });
}
