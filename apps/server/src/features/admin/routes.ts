import {
  createAdminAccountEndpoint,
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
  exportAdminAccountEndpoint,
  getAdminAccountEndpoint,
  listAdminAccountsEndpoint,
  listAuditLogEndpoint,
  sendUserPasswordResetEndpoint,
  updateAdminAccountEndpoint,
} from '@quizbeam/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { findExportedAccount } from '../accounts/accountExport/accountFacts';
import { countAccountExport } from '../accounts/accountExport/exportLimit';
import { recordAdminExport } from '../accounts/accountExport/recordAdminExport';
import { sendAccountExport } from '../accounts/sendAccountExport';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { setAccountDisabled } from './accountStatus';
import { listAdminAccounts, loadAdminAccountDetail } from './adminAccounts';
import { registerAdminConsolePage } from './adminConsolePage';
import { listAuditLog } from './auditLog';
import { createAdminAccount } from './createAdminAccount';
import { updateAdminAccount } from './updateAdminAccount';
import { sendUserPasswordEmail } from './userPasswordEmail';

/**
 * The admin console: its page at `{base}/admin` and its calls, every one of
 * them admins only (404 for anyone else). Every change writes one audit log entry in its own transaction.
 */
export function adminRoutes(
  context: AppContext,
  { site, builderDist }: { site: PublishedSite; builderDist: string },
): FastifyPluginAsyncZod {
  const { config, db } = context;
  const accountStatusDeps = { db, config, siteChanges: site.changes };
  return async (app) => {
    registerAdminConsolePage(app, context, builderDist);

    registerEndpoint(app, context, listAdminAccountsEndpoint, async ({ query }) =>
      listAdminAccounts(db, query),
    );
    registerEndpoint(app, context, getAdminAccountEndpoint, async ({ params }) =>
      loadAdminAccountDetail(db, config, params.id),
    );
    registerEndpoint(app, context, createAdminAccountEndpoint, async ({ me, body }) =>
      createAdminAccount(context, me, body),
    );
    registerEndpoint(app, context, updateAdminAccountEndpoint, async ({ me, params, body }) =>
      updateAdminAccount(context, me, params.id, body),
    );
    registerEndpoint(app, context, disableAdminAccountEndpoint, async ({ me, params }) =>
      setAccountDisabled(accountStatusDeps, me, params.id, true),
    );
    registerEndpoint(app, context, enableAdminAccountEndpoint, async ({ me, params }) =>
      setAccountDisabled(accountStatusDeps, me, params.id, false),
    );
    registerEndpoint(app, context, sendUserPasswordResetEndpoint, async ({ me, params }) => {
      await sendUserPasswordEmail(context, me, params.id);
      return { ok: true as const };
    });
    registerEndpoint(app, context, listAuditLogEndpoint, async ({ query }) =>
      listAuditLog(db, { page: query.page, accountId: query.account }),
    );
    // Any account's export, for a GDPR request that reaches support; audited, and within the account's limit.
    registerEndpoint(app, context, exportAdminAccountEndpoint, async ({ me, params, request, reply }) => {
      const account = await findExportedAccount(db, params.id);
      await countAccountExport(context.limiter, account.id);
      await recordAdminExport(db, me, account);
      return sendAccountExport(context, { request, reply }, account);
    });
  };
}
