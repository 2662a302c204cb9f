import { endpoint, htmlPage } from '@quizbeam/contracts/endpoint';
import { SIGN_IN_PAGE_PATHS } from '@quizbeam/contracts/signInPage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readSessionToken } from '../auth/sessionCookie';
import { resolveSession } from '../auth/sessions';
import { type BuiltPage, readBuiltPage, sendBuiltPage } from './builtPages';

/** The sign-in page's file in the builder's build. */
export const SIGN_IN_PAGE_FILE = 'signIn.html';

const signInPageEndpoints = SIGN_IN_PAGE_PATHS.map((path) =>
  endpoint({
    method: 'GET',
    path,
    access: 'public',
    page: true,
    underBasePath: true,
    summary: 'The sign-in page, or the app for someone signed in',
    response: htmlPage,
  }),
);

const builderHomeEndpoint = endpoint({
  method: 'GET',
  path: '/',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: "The builder's home: the app, or the sign-in page for a visitor not signed in",
  response: htmlPage,
});

/**
 * `{base}/login` and `{base}/forgot-password`: the sign-in page (its own small bundle) for visitors who
 * are not signed in, so that a first visit does not download the app; someone signed in gets the app's
 * page, whose router takes them on from there. The builder's home, the usual first address, sends a
 * visitor who is not signed in straight to the sign-in page, sparing them the app's download and its
 * session check. Each answer depends on the session cookie, so none is stored by any cache.
 */
export function registerSignInPage(
  zodApp: FastifyInstance,
  context: AppContext,
  distDir: string,
  indexPage: BuiltPage,
): void {
  const { config, db } = context;
  const signInPage = readBuiltPage(distDir, SIGN_IN_PAGE_FILE, config) ?? indexPage;
  const isSignedIn = async (request: FastifyRequest) => {
    const token = readSessionToken(request, config);
    return token !== null && (await resolveSession(db, token)) !== null;
  };
  const app = zodApp.withTypeProvider<ZodTypeProvider>();
  for (const declaration of signInPageEndpoints) {
    registerEndpoint(app, context, declaration, async ({ request, reply }) => {
      const page = (await isSignedIn(request)) ? indexPage : signInPage;
      return sendBuiltPage(reply.header('cache-control', 'no-store'), page);
    });
  }
  registerEndpoint(app, context, builderHomeEndpoint, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (await isSignedIn(request)) return sendBuiltPage(reply, indexPage);
    return reply.redirect(`${config.basePath}/login`);
  });
}
