import type { FastifyPluginAsync } from 'fastify';
import { listAccounts } from '../../domain/listAccounts';
import { resolveSession } from '../../domain/sessions';
import type { AppContext } from '../../http/appContext';
import { readSessionToken } from '../auth/sessionCookie';
import { ADMIN_PAGE_POLICY, renderAdminPage } from './adminPage';

/** The Admin link of the sidebar: a server page (full page load) for admins only. */
export function adminRoutes(context: AppContext): FastifyPluginAsync {
  const { config, db } = context;
  return async (app) => {
    app.get(`${config.basePath}/admin`, async (request, reply) => {
      const token = readSessionToken(request, config);
      const me = token ? await resolveSession(db, token) : null;
      if (!me) return reply.redirect(`${config.basePath}/login`);
      if (!me.isAdmin) return reply.redirect(`${config.basePath}/error/404`);
      const html = renderAdminPage(await listAccounts(db), config.basePath);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', ADMIN_PAGE_POLICY)
        .send(html);
    });
  };
}
