import type { FastifyRequest } from 'fastify';
import { AppError } from '../shared/appError';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by pages of another origin (CSRF). Requests without an
 * Origin header (command-line clients) pass unless the browser marks them cross-site.
 */
export function assertSameOrigin(request: FastifyRequest, appOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const foreign = origin ? origin !== appOrigin : fetchSite === 'cross-site';
  if (foreign) {
    throw new AppError('forbidden_origin', 'This request came from another website and was refused.');
  }
}
