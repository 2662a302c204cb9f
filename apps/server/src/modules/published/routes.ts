import { PUBLISHED_SLUG_PATTERN } from '@quizbeam/contracts/publishing';
import {
  type VisitorResult,
  visitorCompleteBodySchema,
  visitorEventsBodySchema,
  visitorLeadBodySchema,
} from '@quizbeam/contracts/visitorEvents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordLead } from '../../domain/recordLead';
import { type ComputedResult, visitorResult } from '../../domain/visitorResult';
import type { AppContext } from '../../http/appContext';
import { AppError } from '../../http/appError';
import { renderNotFoundPage } from '../../player/renderNotFoundPage';
import { PAGE_HEADERS } from './compressedBody';
import type { PublishedSite } from './publishedSite';
import { sendCompressed } from './sendCompressed';
import { PUBLISHED_PREFIX } from './siteHosts';
import type { Snapshot } from './snapshotStore';
import type { VisitorEventRow } from './visitorEventWriter';

const notFoundPage = renderNotFoundPage();

function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(notFoundPage);
}

/**
 * What a published site serves (PUBLISH_URL's host and custom domains; app.ts routes their requests under
 * PUBLISHED_PREFIX): the quiz pages, the player's files and the visitor API. Nothing else, and never a
 * builder cookie: those are set for APP_URL's host only.
 */
export function publishedSiteRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, sessionSecret } = context;

  async function snapshotFor(snapshotId: string, request: FastifyRequest): Promise<Snapshot> {
    const snapshot = await site.snapshots.get(snapshotId);
    // A snapshot is only recorded on the site it was published on.
    if (!snapshot || snapshot.host !== site.hosts.publishedSiteOf(request.headers.host)) {
      throw new AppError('not_found', 'This quiz is not available.');
    }
    return snapshot;
  }

  function present(snapshot: Snapshot, result: ComputedResult): VisitorResult {
    const outcome = snapshot.quiz.outcomes.find((candidate) => candidate.id === result.outcomeId);
    return { ...result, descriptionIndex: site.rotation.next(snapshot.id, outcome) };
  }

  function completionEvent(snapshot: Snapshot, visitId: string, result: ComputedResult): VisitorEventRow {
    return {
      quizId: snapshot.quizId,
      snapshotId: snapshot.id,
      visitId,
      type: 'complete',
      outcomeId: result.outcomeId,
      score: result.score,
    };
  }

  return async (app) => {
    app.get(`${PUBLISHED_PREFIX}/_q/:file`, async (request, reply) => {
      const { file } = request.params as { file: string };
      const { player, embed } = site.files;
      if (file === player.fileName) {
        return sendCompressed(request, reply, player.body, {
          contentType: 'text/javascript; charset=utf-8',
          cacheControl: 'public, max-age=31536000, immutable',
        });
      }
      if (file === embed.fileName) {
        return sendCompressed(request, reply, embed.body, {
          contentType: 'text/javascript; charset=utf-8',
          cacheControl: 'public, max-age=3600',
        });
      }
      return sendNotFound(reply);
    });

    app.post(
      `${PUBLISHED_PREFIX}/_q/events`,
      { schema: { body: visitorEventsBodySchema } },
      async (request, reply) => {
        const { snapshotId, visitId, events } = request.body;
        const snapshot = await snapshotFor(snapshotId, request);
        const rows = events.map((event): VisitorEventRow => {
          const base = { quizId: snapshot.quizId, snapshotId, visitId, type: event.type };
          if (event.type !== 'answer') return base;
          const question = snapshot.quiz.questions.find((candidate) => candidate.id === event.questionId);
          if (!question?.answers.some((answer) => answer.id === event.answerId)) {
            throw new AppError('validation_failed', 'An answer does not belong to its question.');
          }
          return { ...base, questionId: event.questionId, answerId: event.answerId };
        });
        site.events.add(rows);
        return reply.status(202).send({});
      },
    );

    app.post(
      `${PUBLISHED_PREFIX}/_q/complete`,
      { schema: { body: visitorCompleteBodySchema } },
      async (request) => {
        const { snapshotId, visitId, answers } = request.body;
        const snapshot = await snapshotFor(snapshotId, request);
        const result = visitorResult(snapshot.quiz, snapshot.maxScore, answers);
        site.events.add([completionEvent(snapshot, visitId, result)]);
        return present(snapshot, result);
      },
    );

    app.post(`${PUBLISHED_PREFIX}/_q/leads`, { schema: { body: visitorLeadBodySchema } }, async (request) => {
      const snapshot = await snapshotFor(request.body.snapshotId, request);
      const result = visitorResult(snapshot.quiz, snapshot.maxScore, request.body.answers);
      await recordLead(db, snapshot, request.body, result, { ip: request.ip, secret: sessionSecret });
      site.events.add([completionEvent(snapshot, request.body.visitId, result)]);
      return present(snapshot, result);
    });

    app.get(
      `${PUBLISHED_PREFIX}/:slug`,
      { schema: { params: z.object({ slug: z.string() }) } },
      async (request, reply) => {
        const host = site.hosts.publishedSiteOf(request.headers.host);
        const { slug } = request.params;
        if (host === null || !PUBLISHED_SLUG_PATTERN.test(slug)) return sendNotFound(reply);
        const page = await site.pages.page(host, slug);
        if (!page) return sendNotFound(reply);
        return sendCompressed(request, reply, page, PAGE_HEADERS);
      },
    );

    app.all(`${PUBLISHED_PREFIX}/*`, async (_request, reply) => sendNotFound(reply));
    app.all(PUBLISHED_PREFIX, async (_request, reply) => sendNotFound(reply));
  };
}
