import { SIGN_IN_PAGE_PATHS } from '@quizbeam/contracts/signInPage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../../domain/sessions';
import type { AppContext } from '../../http/appContext';
import { readSessionToken } from '../auth/sessionCookie';
import { type BuiltPage, readBuiltPage, sendBuiltPage } from './builtPages';

/** The sign-in page's file in the builder's build. */
export const SIGN_IN_PAGE_FILE = 'signIn.html';

/**
 * `{base}/login` and `{base}/forgot-password`: the sign-in page (its own small bundle) for visitors who
 * are not signed in, so that a first visit does not download the app; someone signed in gets the app's
 * page, whose router takes them on from there. The builder's home, the usual first address, sends a
 * visitor who is not signed in straight to the sign-in page, sparing them the app's download and its
 * session check. Each answer depends on the session cookie, so none is stored by any cache.
 */
export function registerSignInPage(
  app: FastifyInstance,
  { config, db }: Pick<AppContext, 'config' | 'db'>,
  distDir: string,
  indexPage: BuiltPage,
): void {
  const signInPage = readBuiltPage(distDir, SIGN_IN_PAGE_FILE, config) ?? indexPage;
  const isSignedIn = async (request: FastifyRequest) => {
    const token = readSessionToken(request, config);
    return token !== null && (await resolveSession(db, token)) !== null;
  };
  for (const pagePath of SIGN_IN_PAGE_PATHS) {
    app.get(`${config.basePath}${pagePath}`, async (request, reply) => {
      const page = (await isSignedIn(request)) ? indexPage : signInPage;
      return sendBuiltPage(reply.header('cache-control', 'no-store'), page);
    });
  }
  // With or without its trailing slash (the server ignores it).
  app.get(config.basePath || '/', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await isSignedIn(request)) return sendBuiltPage(reply, indexPage);
    return reply.redirect(`${config.basePath}/login`);
  });
}
