import {
  deleteLeadEndpoint,
  dismissDeliveryAlertEndpoint,
  leadAttemptsEndpoint,
  leadsCsvEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
  resendDeliveryEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { deleteLead } from './deleteLead';
import { dismissDeliveryAlert, listActiveDeliveryAlerts } from './deliveryAlerts';
import { findLeadAttempts } from './leadAttempts';
import { leadsCsvDisposition, leadsCsvStream } from './leadsCsv';
import { findLeadsQuiz } from './leadsQuiz';
import { listQuizLeads } from './listQuizLeads';
import { resendFailedQuizDeliveries, resendQuizDelivery } from './resendDeliveries';

/** A reader that goes away mid-download is not a failure of ours. */
const isClosedEarly = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';

/**
 * The Leads view of a quiz and the delivery alerts, for every account, limited ones included: leads are the
 * account's own data, unlike Analytics.
 */
export function leadRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, listLeadsEndpoint, async ({ me, params, query }) =>
      listQuizLeads(db, me.account.id, params.id, query),
    );

    registerEndpoint(app, context, leadAttemptsEndpoint, async ({ me, params }) =>
      findLeadAttempts(db, me.account.id, params.id, params.leadId),
    );

    registerEndpoint(app, context, resendDeliveryEndpoint, async ({ me, params }) =>
      resendQuizDelivery(db, me.account.id, params.id, params.deliveryId),
    );

    registerEndpoint(app, context, resendFailedDeliveriesEndpoint, async ({ me, params }) => ({
      resent: await resendFailedQuizDeliveries(db, me.account.id, params.id),
    }));

    registerEndpoint(app, context, deleteLeadEndpoint, async ({ me, params }) => {
      await deleteLead(db, me.account.id, params.id, params.leadId);
      return { ok: true as const };
    });

    // A stream is sent as it is, past the response schema, so the download goes through the same checks.
    registerEndpoint(app, context, leadsCsvEndpoint, async ({ me, params, reply, request }) => {
      const quiz = await findLeadsQuiz(db, me.account.id, params.id);
      const csv = leadsCsvStream(db, params.id, quiz, (error) => {
        if (!isClosedEarly(error)) request.log.error({ err: error }, 'leads CSV export failed');
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', leadsCsvDisposition(quiz.name))
        .header('cache-control', 'no-store')
        .send(csv);
    });

    registerEndpoint(app, context, listDeliveryAlertsEndpoint, async ({ me }) =>
      listActiveDeliveryAlerts(db, me.account.id),
    );

    registerEndpoint(app, context, dismissDeliveryAlertEndpoint, async ({ me, body }) => {
      await dismissDeliveryAlert(db, me.account.id, body.destinationKey);
      return { ok: true as const };
    });
  };
}
