import { endpoint, fileAnswer } from '@quizbeam/contracts/endpoint';
import { themePreviewEndpoint, themesEndpoint } from '@quizbeam/contracts/themes';
import { mayUseTheme } from '@quizbeam/themes/themeCatalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFound } from '../../shared/appError';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { sendPreviewPage } from '../publishing/previewPage';
import { sampleQuiz } from './sampleQuiz';
import { THEME_FILES_PREFIX, themeAssets } from './themeAssets';

/** A theme's stylesheet or picture, named by its content's hash. */
const themeFileEndpoint = endpoint({
  method: 'GET',
  path: `${THEME_FILES_PREFIX}:file`,
  access: 'public',
  page: true,
  summary: "A theme's stylesheet or picture",
  params: z.object({ file: z.string().max(200) }),
  response: fileAnswer,
});

/**
 * The theme catalog for the builder: `GET /api/themes` (extra themes only with extraTemplates), each theme's
 * stylesheet and card picture under /ui/themes/ (content-hashed, cached for a year), and the theme preview page.
 */
export function themeRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { config } = context;
  return async (app) => {
    registerEndpoint(app, context, themesEndpoint, async ({ me }) =>
      [...themeAssets().byId.values()]
        .filter((asset) => mayUseTheme(asset.definition.id, me.account.permissions))
        .map((asset) => asset.summary),
    );

    registerEndpoint(app, context, themePreviewEndpoint, async ({ me, query, reply }) => {
      const asset = themeAssets().byId.get(query.theme);
      if (!asset || !mayUseTheme(asset.definition.id, me.account.permissions)) {
        throw notFound();
      }
      return sendPreviewPage(reply, sampleQuiz(asset.definition.id), config.publishUrl, site);
    });

    registerEndpoint(app, context, themeFileEndpoint, async ({ params, reply }) => {
      const file = themeAssets().files.get(params.file);
      if (!file) throw notFound();
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .send(file.body);
    });
  };
}
