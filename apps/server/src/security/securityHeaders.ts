import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BuilderPolicySources {
  /** Where the browser PUTs uploads and loads images from, besides this origin (an S3 bucket, a CDN). */
  imageOrigins: string[];
}

/** A CSP source for an inline `<style>` element of a server-rendered page. */
export const styleHash = (css: string): string =>
  `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** A policy whose style-src also allows the given sources (the hashes of a page's own inline styles). */
export function withStyleSources(policy: string, sources: string[]): string {
  return policy.replace(
    /(^|;\s*)style-src ([^;]*)/,
    (_directive, start: string, allowed: string) => `${start}style-src ${[allowed, ...sources].join(' ')}`,
  );
}

/**
 * The builder's and API's Content-Security-Policy: only our own scripts and styles, never framed by
 * another page (published pages run marketers' scripts on a sibling host), forms and links only to us.
 */
/**
 * react-colorful (the colour picker) always adds one fixed <style> element of its own; this is its hash
 * (5.8.1). apps/builder/src/ui/colorPicker/ColorPickerPopup.test.tsx fails when the library's CSS changes.
 */
export const COLOR_PICKER_STYLE_HASH = "'sha256-I2px+fnpbN4E5+Djrj7aoTIyq9yyREkuVl19f4Sye9A='";

export function builderContentSecurityPolicy({ imageOrigins }: BuilderPolicySources): string {
  const images = ["'self'", 'data:', 'blob:', ...imageOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${COLOR_PICKER_STYLE_HASH}`,
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
 * Security headers on every answer, set before the route runs so that a route may replace them with its
 * own (the preview's sandbox, the server pages' policies): the builder and API get the strict policy and
 * may not be framed; published sites (framed by embeds on any site) only the headers that do not stop that.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  isPublishedSite: (request: FastifyRequest) => boolean,
  sources: BuilderPolicySources,
): void {
  const publishedSiteHeaders = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const builderHeaders = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'content-security-policy': builderContentSecurityPolicy(sources),
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isPublishedSite(request) ? publishedSiteHeaders : builderHeaders);
    done();
  });
}
