import { createHash } from 'node:crypto';
import type { ErrorBody } from '@quizbeam/contracts/errors';
import { WEB_FONTS } from '@quizbeam/contracts/fonts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISHED_PREFIX } from '../publishedSite/siteHosts';
import { BUILDER_FONTS_PATH, fontFaceCss, PUBLISHED_FONTS_PATH, readFontFile } from './fontFiles';

const FONT_FILE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  // Fonts are fetched in CORS mode, and the sandboxed preview frame has an opaque origin.
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};

const notFoundBody: ErrorBody = { error: 'We could not find what you asked for.', code: 'not_found' };

interface Stylesheet {
  css: string;
  etag: string;
}

/**
 * Every family at each of its weights: the builder draws each font's name in it, and the capture form
 * preview draws the quiz's texts and bold buttons as the published page does. Browsers fetch only what is drawn.
 */
function builderStylesheet(): Stylesheet {
  const css = fontFaceCss(
    WEB_FONTS.map((font) => font.family),
    BUILDER_FONTS_PATH,
  );
  return { css, etag: `"${createHash('sha256').update(css).digest('base64url').slice(0, 22)}"` };
}

type FontFileRequest = FastifyRequest<{ Params: { file: string } }>;

async function sendFontFile(request: FontFileRequest, reply: FastifyReply): Promise<FastifyReply> {
  const bytes = await readFontFile(request.params.file);
  if (!bytes) return reply.status(404).header('cache-control', 'no-store').send(notFoundBody);
  return reply.status(200).headers(FONT_FILE_HEADERS).type('font/woff2').send(bytes);
}

/**
 * The self-hosted web fonts: `/ui/fonts/:file` and `/ui/fonts/fonts.css` on the builder's host, and
 * `/_q/fonts/:file` on every published site. Only the listed fonts' files are served; any other name is a 404.
 */
export function fontRoutes(): FastifyPluginAsync {
  return async (app) => {
    let stylesheet: Stylesheet | undefined;

    app.get(`${BUILDER_FONTS_PATH}/fonts.css`, async (request, reply) => {
      stylesheet ??= builderStylesheet();
      reply.header('cache-control', 'public, max-age=3600').header('etag', stylesheet.etag);
      if (request.headers['if-none-match'] === stylesheet.etag) return reply.status(304).send();
      return reply.type('text/css; charset=utf-8').send(stylesheet.css);
    });

    app.get<{ Params: { file: string } }>(`${BUILDER_FONTS_PATH}/:file`, sendFontFile);
    app.get<{ Params: { file: string } }>(`${PUBLISHED_PREFIX}${PUBLISHED_FONTS_PATH}/:file`, sendFontFile);
  };
}
