import {
  createLeadsChallengeItemEndpoint,
  deleteLeadsChallengeItemEndpoint,
  listLeadsChallengeEndpoint,
  updateLeadsChallengeItemEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFound } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { registerLeadsChallengeDownload } from './downloadRoute';
import {
  createLeadsChallengeItem,
  deleteLeadsChallengeItem,
  type LeadsChallengeDeps,
  listLeadsChallengeItems,
  updateLeadsChallengeItem,
} from './leadsChallengeItems';
import { registerLeadsChallengeUpload } from './uploadRoute';

/**
 * The Leads Challenge downloads (not for limited accounts): the list and the downloads for users,
 * and for admins the items' changes and the file upload. Files live in the image/file storage.
 */
export function leadsChallengeRoutes(context: AppContext, storage: ImageStorage): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    const deps: LeadsChallengeDeps = {
      db,
      storage,
      logError: (error, what) => app.log.error({ err: error }, `Leads Challenge storage clean-up: ${what}`),
    };

    registerEndpoint(app, context, listLeadsChallengeEndpoint, async ({ me }) => {
      if (me.account.permissions.isLimited && !me.isAdmin) throw notFound();
      return listLeadsChallengeItems(db);
    });
    registerLeadsChallengeDownload(app, context, storage);

    registerEndpoint(app, context, createLeadsChallengeItemEndpoint, async ({ me, body }) =>
      createLeadsChallengeItem(deps, me, body),
    );
    registerEndpoint(app, context, updateLeadsChallengeItemEndpoint, async ({ me, params, body }) =>
      updateLeadsChallengeItem(deps, me, params.id, body),
    );
    registerEndpoint(app, context, deleteLeadsChallengeItemEndpoint, async ({ me, params }) => {
      await deleteLeadsChallengeItem(deps, me, params.id);
      return { ok: true as const };
    });

    registerLeadsChallengeUpload(app, context, storage);
  };
}
