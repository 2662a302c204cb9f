import { textDirectionOf, VISITOR_LANGUAGE_NAMES } from '@quizbeam/contracts/visitorLanguages';
import { VISITOR_TEXT_CATALOGUES } from '@quizbeam/contracts/visitorTextCatalogues';
import { visitorTextsEndpoint } from '@quizbeam/contracts/visitorTextEndpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';

/** The catalogues of visitor texts, one language at a time: the builder's Language panel shows the defaults. */
export function visitorTextRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerEndpoint(app, context, visitorTextsEndpoint, async ({ query: { language } }) => ({
      language,
      name: VISITOR_LANGUAGE_NAMES[language],
      direction: textDirectionOf(language),
      texts: VISITOR_TEXT_CATALOGUES[language],
    }));
  };
}
