import { createHash } from 'node:crypto';
import { endpoint, fileAnswer } from '@quizbeam/contracts/endpoint';
import type { ErrorBody } from '@quizbeam/contracts/errors';
import { WEB_FONTS } from '@quizbeam/contracts/fonts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
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

const fontFile = { params: z.object({ file: z.string() }), response: fileAnswer } as const;

const builderFontFileEndpoint = endpoint({
  method: 'GET',
  path: `${BUILDER_FONTS_PATH}/:file`,
  access: 'public',
  page: true,
  summary: "A web font's file, on the builder's host",
  ...fontFile,
});

const publishedFontFileEndpoint = endpoint({
  method: 'GET',
  path: `${PUBLISHED_FONTS_PATH}/:file`,
  access: 'public',
  site: 'published',
  page: true,
  summary: "A web font's file, on every published site",
  ...fontFile,
});

const fontsStylesheetEndpoint = endpoint({
  method: 'GET',
  path: `${BUILDER_FONTS_PATH}/fonts.css`,
  access: 'public',
  page: true,
  summary: "Every web font's @font-face rules, for the builder",
  response: fileAnswer,
});

async function sendFontFile({ params, reply }: { params: { file: string }; reply: FastifyReply }) {
  const bytes = await readFontFile(params.file);
  if (!bytes) return reply.status(404).header('cache-control', 'no-store').send(notFoundBody);
  return reply.status(200).headers(FONT_FILE_HEADERS).type('font/woff2').send(bytes);
}

/**
 * The self-hosted web fonts: `/ui/fonts/:file` and `/ui/fonts/fonts.css` on the builder's host, and
 * `/_q/fonts/:file` on every published site. Only the listed fonts' files are served; any other name is a 404.
 */
export function fontRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    let stylesheet: Stylesheet | undefined;

    registerEndpoint(app, context, fontsStylesheetEndpoint, async ({ request, reply }) => {
      stylesheet ??= builderStylesheet();
      reply.header('cache-control', 'public, max-age=3600').header('etag', stylesheet.etag);
      if (request.headers['if-none-match'] === stylesheet.etag) return reply.status(304).send();
      return reply.type('text/css; charset=utf-8').send(stylesheet.css);
    });

    registerEndpoint(app, context, builderFontFileEndpoint, sendFontFile);
    registerEndpoint(app, context, publishedFontFileEndpoint, sendFontFile);
  };
}
