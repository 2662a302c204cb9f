import { PUBLISHED_SLUG_PATTERN } from '@quizbeam/contracts/publishing';
import { quizVisitorTexts, visitorLanguageFor } from '@quizbeam/contracts/quizVisitorTexts';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import {
  type VisitorEvent,
  type VisitorResult,
  visitorCompleteEndpoint,
  visitorEventsEndpoint,
  visitorLeadEndpoint,
} from '@quizbeam/contracts/visitorEvents';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { visitorOutcomeOf } from '@quizbeam/player/visitorOutcomeOf';
import { withVisitorTexts } from '@quizbeam/player/visitorText';
import { responseEffect } from '@quizbeam/quiz-engine/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { addressKey } from '../../security/addressKey';
import { type RateLimit, visitorBusyMessage } from '../../security/rateLimiter';
import { AppError } from '../../shared/appError';
import type { Snapshot } from '../../shared/snapshot';
import { quizUnavailable } from '../accounts/quizUnavailable';
import { LeadLimitNotices } from '../accounts/usageLimits/leadLimitNotice';
import { FAVICON_CACHE_CONTROL, FAVICON_ICO } from './favicon';
import { redirectToMovedQuiz } from './movedQuizRedirects';
import { PAGE_CACHE_CONTROL, surrogateKeyOf } from './pageCaching';
import { faviconEndpoint, playerFileEndpoint, publishedQuizPageEndpoint } from './pageEndpoints';
import type { PublishedSite } from './publishedSite';
import { recordLead, storedLeadResult } from './recordLead';
import { renderNotFoundPage } from './render/renderNotFoundPage';
import { renderUnavailablePage } from './render/renderUnavailablePage';
import { visitorQuiz } from './render/visitorQuiz';
import { sendCompressed } from './sendCompressed';
import { PUBLISHED_PREFIX } from './siteHosts';
import type { VisitorEventRow } from './visitorEventWriter';
import { type ComputedResult, visitorResult } from './visitorResult';
import { visitUrlFields } from './visitUrlFields';

const notFoundPage = renderNotFoundPage();
const unavailablePage = renderUnavailablePage();
/** How soon a browser or crawler may ask again for a disabled account's quiz (an admin may enable it). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '3600';

const questionOf = (snapshot: Snapshot, questionId: number) =>
  snapshot.quiz.questions.find((question) => question.id === questionId);

export function sendNotFoundPage(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(notFoundPage);
}

/** A disabled account's quiz: a friendly page, never cached, so enabling the account shows at once. */
function sendUnavailablePage(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS)
    .send(unavailablePage);
}

const tooBusy = () =>
  new AppError('busy', 'We are receiving too many answers right now. Please try again in a moment.', {
    'retry-after': '1',
  });

/**
 * What a published site serves (PUBLISH_URL's host and custom domains; app.ts routes their requests under
 * PUBLISHED_PREFIX): the quiz pages, the player's files and the visitor API. Nothing else, and never a
 * builder cookie: those are set for APP_URL's host only.
 */
export function publishedSiteRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, sessionSecret, limiter, rateLimits } = context;
  const leadLimitNotices = new LeadLimitNotices(context, (error) =>
    console.error('lead limit notice:', error),
  );

  const limitAddress = (request: FastifyRequest, kind: string, limit: RateLimit) =>
    limiter.hit([{ key: `visitor:${kind}:ip:${addressKey(request.ip)}`, limit }], visitorBusyMessage);
  const limitQuiz = (snapshot: Snapshot, kind: string, limit: RateLimit) =>
    limiter.hit([{ key: `visitor:${kind}:quiz:${snapshot.quizId}`, limit }], visitorBusyMessage);

  /**
   * The snapshot a visitor answers, when it still takes visitors (live, or just replaced) on this site and
   * its account is not disabled (403: nothing of a disabled account's quizzes is recorded).
   */
  async function snapshotFor(snapshotId: string, request: FastifyRequest): Promise<Snapshot> {
    const snapshot = await site.snapshots.takingVisitors(snapshotId);
    if (!snapshot || snapshot.host !== site.hosts.publishedSiteOf(request.headers.host)) {
      throw new AppError('not_found', 'This quiz is not available.');
    }
    if (await site.snapshots.accountDisabled(snapshot.accountId)) throw quizUnavailable();
    return snapshot;
  }

  /** The language a visitor's request is answered in: the quiz's, or their browser's when the quiz follows it. */
  const pageLanguageFor = (quiz: Snapshot['quiz'], request: FastifyRequest): VisitorLanguage =>
    visitorLanguageFor(quiz.language, request.headers['accept-language']);

  /**
   * The result with the outcome to show: the page holds no outcomes, so the answer brings this one, in the
   * language the page was shown in (the same browser asks, with the same Accept-Language).
   */
  function present(snapshot: Snapshot, result: ComputedResult, request: FastifyRequest): VisitorResult {
    const outcome = snapshot.quiz.outcomes.find((candidate) => candidate.id === result.outcomeId);
    const chosen = { ...result, descriptionIndex: site.rotation.next(snapshot.id, outcome) };
    const language = pageLanguageFor(snapshot.quiz, request);
    const shown = withVisitorTexts(language, quizVisitorTexts(snapshot.quiz.language, language), () =>
      visitorOutcomeOf(visitorQuiz(snapshot.quiz, language), chosen),
    );
    return { ...chosen, outcome: shown };
  }

  /**
   * The completion (and the lead, when one was stored) is stored, or at least queued, before the visitor sees
   * the result; both rows go together, so analytics never see a lead without its completion.
   */
  async function recordCompletion(
    snapshot: Snapshot,
    visitId: string,
    result: ComputedResult,
    { withLead } = { withLead: false },
  ) {
    const row = (type: 'complete' | 'lead'): VisitorEventRow => ({
      quizId: snapshot.quizId,
      snapshotId: snapshot.id,
      visitId,
      type,
      outcomeId: result.outcomeId,
      score: result.score,
    });
    const rows = withLead ? [row('complete'), row('lead')] : [row('complete')];
    if (!site.events.offer(snapshot.quizId, rows)) await site.events.writeNow(rows);
  }

  /** The row of one event, its question and answer checked against the snapshot the visitor answers. */
  function eventRow(snapshot: Snapshot, visitId: string, event: VisitorEvent): VisitorEventRow {
    const base = { quizId: snapshot.quizId, snapshotId: snapshot.id, visitId, type: event.type };
    switch (event.type) {
      case 'visit':
        return {
          ...base,
          utmSource: event.utmSource ?? null,
          utmCampaign: event.utmCampaign ?? null,
          urlFields: visitUrlFields(snapshot.quiz, event.urlFields),
        };
      case 'shown':
        if (!questionOf(snapshot, event.questionId)) {
          throw new AppError('validation_failed', 'A question shown is not in this quiz.');
        }
        return { ...base, questionId: event.questionId };
      case 'answer': {
        const { questionId, answerId, answerIds, value, text } = event;
        // The schema lets exactly one of the four through.
        const response: QuestionResponse =
          answerId !== undefined
            ? { questionId, answerId }
            : answerIds !== undefined
              ? { questionId, answerIds }
              : value !== undefined
                ? { questionId, value }
                : { questionId, text: text ?? '' };
        const question = questionOf(snapshot, questionId);
        if (!question || !responseEffect(question, response)) {
          throw new AppError('validation_failed', 'An answer does not fit its question.');
        }
        if (answerId !== undefined) return { ...base, questionId, answerId };
        const { questionId: _question, ...stored } = response;
        return { ...base, questionId, response: stored };
      }
      case 'start':
      case 'capture':
        return base;
    }
  }

  return async (app) => {
    registerEndpoint(app, context, playerFileEndpoint, async ({ params: { file }, request, reply }) => {
      const { builds, embeds } = site.files;
      const build = builds.get(file);
      if (build) {
        return sendCompressed(request, reply, build, {
          contentType: 'text/javascript; charset=utf-8',
          cacheControl: 'public, max-age=31536000, immutable',
        });
      }
      const embedScript = embeds.get(file);
      if (embedScript) {
        return sendCompressed(request, reply, embedScript, {
          contentType: 'text/javascript; charset=utf-8',
          cacheControl: 'public, max-age=3600',
        });
      }
      return sendNotFoundPage(reply);
    });

    registerEndpoint(app, context, faviconEndpoint, async ({ reply }) =>
      reply.type('image/x-icon').header('cache-control', FAVICON_CACHE_CONTROL).send(FAVICON_ICO),
    );

    registerEndpoint(app, context, visitorEventsEndpoint, async ({ body, request }) => {
      await limitAddress(request, 'events', rateLimits.eventsPerIp);
      const { snapshotId, visitId, events } = body;
      const snapshot = await snapshotFor(snapshotId, request);
      await limitQuiz(snapshot, 'events', rateLimits.eventsPerQuiz);
      const rows = events.map((event) => eventRow(snapshot, visitId, event));
      if (!site.events.offer(snapshot.quizId, rows)) throw tooBusy();
      return {};
    });

    registerEndpoint(app, context, visitorCompleteEndpoint, async ({ body, request }) => {
      await limitAddress(request, 'complete', rateLimits.completionsPerIp);
      const { snapshotId, visitId, answers } = body;
      const snapshot = await snapshotFor(snapshotId, request);
      const capture = snapshot.quiz.leadCaptureSettings;
      // The result of a quiz whose capture form cannot be skipped comes only with a lead (/_q/leads).
      if (capture.enabled && !capture.skippable) {
        throw new AppError('validation_failed', 'This quiz shows its result after you enter your details.');
      }
      await limitQuiz(snapshot, 'complete', rateLimits.completionsPerQuiz);
      const result = visitorResult(snapshot.quiz, snapshot.maxScore, answers);
      await recordCompletion(snapshot, visitId, result);
      return present(snapshot, result, request);
    });

    registerEndpoint(app, context, visitorLeadEndpoint, async ({ body, request }) => {
      await limitAddress(request, 'leads', rateLimits.leadsPerIp);
      const snapshot = await snapshotFor(body.snapshotId, request);
      await limitQuiz(snapshot, 'leads', rateLimits.leadsPerQuiz);
      const result = visitorResult(snapshot.quiz, snapshot.maxScore, body.answers);
      const { stored } = await recordLead(db, snapshot, body, result, {
        ip: request.ip,
        secret: sessionSecret,
        userAgent: request.headers['user-agent'] ?? '',
        language: pageLanguageFor(snapshot.quiz, request),
      });
      if (stored) {
        await recordCompletion(snapshot, body.visitId, result, { withLead: true });
        leadLimitNotices.leadStored(snapshot.accountId);
        return present(snapshot, result, request);
      }
      // A repeated post of the same visit counts nothing twice and answers the result stored with its lead,
      // whatever answers it carries now.
      return present(snapshot, await storedLeadResult(db, snapshot.quizId, body.visitId, result), request);
    });

    registerEndpoint(
      app,
      context,
      publishedQuizPageEndpoint,
      async ({ params: { slug }, request, reply }) => {
        const host = site.hosts.publishedSiteOf(request.headers.host);
        if (host === null || !PUBLISHED_SLUG_PATTERN.test(slug)) return sendNotFoundPage(reply);
        const page = await site.pages.page(host, slug);
        if (!page) {
          const redirected = await redirectToMovedQuiz(context, site, request, reply, { host, slug });
          return redirected ? reply : sendNotFoundPage(reply);
        }
        if (page.kind === 'unavailable') return sendUnavailablePage(reply);
        reply.header('surrogate-key', surrogateKeyOf(page.quizId));
        reply.header('cache-tag', surrogateKeyOf(page.quizId));
        const language = visitorLanguageFor(page.language, request.headers['accept-language']);
        const body = page.bodies.get(language) ?? page.bodies.values().next().value;
        if (!body) return sendNotFoundPage(reply);
        return sendCompressed(request, reply, body, {
          contentType: 'text/html; charset=utf-8',
          cacheControl: PAGE_CACHE_CONTROL,
          // A shared cache keeps a copy per language only of the pages that depend on it.
          varyByLanguage: page.bodies.size > 1,
        });
      },
    );

    app.all(`${PUBLISHED_PREFIX}/*`, async (_request, reply) => sendNotFoundPage(reply));
    app.all(PUBLISHED_PREFIX, async (_request, reply) => sendNotFoundPage(reply));
  };
}
