import {
  downloadLeadsChallengeFileEndpoint,
  LEADS_CHALLENGE_MAX_BYTES,
} from '@quizbeam/contracts/leadsChallenge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFound } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { attachmentDisposition } from './leadsChallengeFiles';
import { findLeadsChallengeItem } from './leadsChallengeItems';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * An item's file as an attachment under its name, for signed-in users of accounts that are not limited
 * (404 for those, as for an unknown item). Never cached.
 */
export function registerLeadsChallengeDownload(app: App, context: AppContext, storage: ImageStorage): void {
  registerEndpoint(app, context, downloadLeadsChallengeFileEndpoint, async ({ me, params, reply }) => {
    if (me.account.permissions.isLimited && !me.isAdmin) throw notFound();
    const item = await findLeadsChallengeItem(context.db, params.id);
    const stored = await storage.readFile(item.fileKey, LEADS_CHALLENGE_MAX_BYTES);
    if (!stored) throw notFound();
    return reply
      .type(item.contentType)
      .headers({
        'content-disposition': attachmentDisposition(item.fileName),
        'content-length': String(stored.bytes.length),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        // A stored file is never a document of ours, even if a browser were to show it.
        'content-security-policy': "default-src 'none'; sandbox",
      })
      .send(stored.bytes);
  });
}
