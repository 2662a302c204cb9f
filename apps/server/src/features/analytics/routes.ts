import {
  quizAnalyticsCsvEndpoint,
  quizAnalyticsEndpoint,
  quizAnalyticsTextsEndpoint,
} from '@quizbeam/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { analyticsCsvDisposition, analyticsCsvStream } from './analyticsCsv';
import { analyticsQuizAndRange, quizAnalytics, quizTextAnswers } from './quizAnalytics';

/** A reader that goes away mid-download is not a failure of ours. */
const isClosedEarly = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';

/** A quiz's Analytics tab, its text answers and its responses CSV; none exists for limited accounts. */
export function analyticsRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, quizAnalyticsEndpoint, async ({ me, params, query }) =>
      quizAnalytics(db, me, params.id, query),
    );

    registerEndpoint(app, context, quizAnalyticsTextsEndpoint, async ({ me, params, query }) =>
      quizTextAnswers(db, me, params.id, query),
    );

    // A stream is sent as it is, past the response schema, so the download goes through the same checks.
    registerEndpoint(
      app,
      context,
      quizAnalyticsCsvEndpoint,
      async ({ me, params, query, reply, request }) => {
        const { quiz, range } = await analyticsQuizAndRange(db, me, params.id, query);
        const csv = analyticsCsvStream(db, quiz, range, query.version, (error) => {
          if (!isClosedEarly(error)) request.log.error({ err: error }, 'analytics CSV export failed');
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', analyticsCsvDisposition(quiz.name))
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
