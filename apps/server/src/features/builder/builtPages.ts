import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@quizbeam/contracts/clientConfig';
import { scriptJson } from '@quizbeam/player/escapeHtml';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/env';
import { styleHash, withStyleSources } from '../../security/securityHeaders';

/** One of the builder's built HTML pages (apps/builder/dist), ready to send. */
export interface BuiltPage {
  html: string;
  /** CSP sources (hashes) of the page's own inline `<style>` elements (its loading spinner). */
  styleSources: string[];
}

/** Embeds the client config as JSON; `<` is escaped so no value can close the script element. */
function renderIndexHtml(template: string, config: Config): string {
  const clientConfig: ClientConfig = {
    basePath: config.basePath,
    supportEmail: config.supportEmail,
    helpUrl: config.helpUrl,
    publishUrl: config.publishUrl,
  };
  const tag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${scriptJson(clientConfig)}</script>`;
  return template.replace('</head>', () => `${tag}</head>`);
}

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/** A page of the builder's build with the client config in it, or null when the builder is not built (yet). */
export function readBuiltPage(distDir: string, fileName: string, config: Config): BuiltPage | null {
  const file = path.join(distDir, fileName);
  if (!existsSync(file)) return null;
  const template = readFileSync(file, 'utf8');
  return {
    html: renderIndexHtml(template, config),
    styleSources: [...template.matchAll(INLINE_STYLE)].map(([, css = '']) => styleHash(css)),
  };
}

/**
 * Sends a built page with the builder's Content-Security-Policy (set for every builder answer) allowing
 * its own inline styles, and nothing else inline.
 */
export function sendBuiltPage(reply: FastifyReply, page: BuiltPage): FastifyReply {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && page.styleSources.length > 0) {
    reply.header('content-security-policy', withStyleSources(policy, page.styleSources));
  }
  return reply.type('text/html; charset=utf-8').send(page.html);
}
