import { endpoint, htmlPage } from '@quizbeam/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readSessionToken } from '../auth/sessionCookie';
import { resolveSession } from '../auth/sessions';
import { readBuiltPage, sendBuiltPage } from '../builder/builtPages';

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin · Quizbeam</title></head>
<body><h1>The admin console has not been built yet.</h1><p>Run <code>npm run build</code> (npm start does it for you).</p></body></html>`;

const NOT_FOUND_TEXT = 'We could not find what you asked for.';

const adminConsolePageEndpoint = endpoint({
  method: 'GET',
  path: '/admin',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: "The admin console's page (admins; the Not-found page for others, sign-in for visitors)",
  response: htmlPage,
});

/**
 * `{base}/admin`, a full page load: the admin console's own bundle (apps/builder/dist/admin.html) for
 * admins, so the builder's users never download it; anyone else signed in gets the builder's Not-found
 * screen (its index.html, whose router shows it for this path) with status 404; visitors go to sign in.
 * It keeps the builder's Content-Security-Policy and other headers, set for every builder answer.
 */
export function registerAdminConsolePage(app: FastifyInstance, context: AppContext, distDir: string): void {
  const { config, db } = context;
  const consolePage = readBuiltPage(distDir, 'admin.html', config) ?? {
    html: NOT_BUILT_HTML,
    styleSources: [],
  };
  const notFoundPage = readBuiltPage(distDir, 'index.html', config);
  registerEndpoint(
    app.withTypeProvider<ZodTypeProvider>(),
    context,
    adminConsolePageEndpoint,
    async ({ request, reply }) => {
      const token = readSessionToken(request, config);
      const me = token ? await resolveSession(db, token) : null;
      if (!me) return reply.header('cache-control', 'no-store').redirect(`${config.basePath}/login`);
      reply.header('cache-control', 'no-store');
      if (!me.isAdmin) {
        return notFoundPage
          ? sendBuiltPage(reply.status(404), notFoundPage)
          : reply.status(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT);
      }
      return sendBuiltPage(reply, consolePage);
    },
  );
}
