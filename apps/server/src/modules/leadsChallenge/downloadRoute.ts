import { LEADS_CHALLENGE_MAX_BYTES } from '@quizbeam/contracts/leadsChallenge';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/appContext';
import { notFound } from '../../http/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { requireUser } from '../auth/sessionCookie';
import { attachmentDisposition } from './leadsChallengeFiles';
import { findLeadsChallengeItem } from './leadsChallengeItems';

const downloadParams = z.object({ id: z.uuid() });

/**
 * `GET /api/leads-challenge/{id}/download`: the item's file as an attachment under its name, for signed-in
 * users of accounts that are not limited (404 for those, as for an unknown item). Never cached.
 */
export function registerLeadsChallengeDownload(
  app: FastifyInstance,
  context: AppContext,
  storage: ImageStorage,
): void {
  app.get('/api/leads-challenge/:id/download', async (request, reply) => {
    const me = await requireUser(request, context);
    if (me.account.permissions.isLimited && !me.isAdmin) throw notFound();
    const params = downloadParams.safeParse(request.params);
    if (!params.success) throw notFound();
    const item = await findLeadsChallengeItem(context.db, params.data.id);
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
