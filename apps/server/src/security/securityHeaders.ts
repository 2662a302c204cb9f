import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BuilderPolicySources {
  /** Where the browser PUTs uploads and loads images from, besides this origin (an S3 bucket, a CDN). */
  imageOrigins: string[];
}

/** A CSP source for an inline `<style>` element of a server-rendered page. */
export const styleHash = (css: string): string =>
  `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * The builder's and API's Content-Security-Policy: only our own scripts and styles, never framed by
 * another page (published pages run marketers' scripts on a sibling host), forms and links only to us.
 */
export function builderContentSecurityPolicy({ imageOrigins }: BuilderPolicySources): string {
  const images = ["'self'", 'data:', 'blob:', ...imageOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src 'self' ${imageOrigins.join(' ')}`.trim(),
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer, where the route has not set its own: the builder and API get the
 * strict policy and may not be framed; published sites (framed by embeds on any site) only the headers
 * that do not stop that.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  isPublishedSite: (request: FastifyRequest) => boolean,
  sources: BuilderPolicySources,
): void {
  const builderPolicy = builderContentSecurityPolicy(sources);
  app.addHook('onSend', async (request, reply) => {
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    set('x-content-type-options', 'nosniff');
    if (isPublishedSite(request)) {
      set('referrer-policy', 'strict-origin-when-cross-origin');
      return;
    }
    set('referrer-policy', 'same-origin');
    set('content-security-policy', builderPolicy);
    set('x-frame-options', 'DENY');
    set('cross-origin-opener-policy', 'same-origin');
  });
}
