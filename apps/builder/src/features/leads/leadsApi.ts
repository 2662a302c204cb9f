import {
  type DeliveryState,
  deleteLeadEndpoint,
  dismissDeliveryAlertEndpoint,
  leadAttemptsEndpoint,
  leadsCsvEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
  resendDeliveryEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import { call, callInBackground, urlOf } from '../../api/apiClient';

/** A quiz's leads as the Leads tab shows them: the account and quiz, and the state filter (null: all). */
export interface QuizLeadsScope {
  accountId: string;
  quizId: string;
}

/**
 * Where leads and alerts are cached (TanStack Query keys). A Resend or a deletion invalidates the quiz's
 * lists and attempts, and the alerts (a Resend can end one).
 */
export const leadsQueryKeys = {
  quiz: (quizId: string) => ['leads', quizId] as const,
  list: (quizId: string, state: DeliveryState | null) => ['leads', quizId, 'list', state ?? 'all'] as const,
  attempts: (quizId: string, leadId: string) => ['leads', quizId, 'attempts', leadId] as const,
  alerts: ['delivery-alerts'] as const,
};

const quizParams = ({ accountId, quizId }: QuizLeadsScope) => ({ account: accountId, id: quizId });

export const listLeads = (scope: QuizLeadsScope, state: DeliveryState | null, cursor: string | null) =>
  call(listLeadsEndpoint, {
    params: quizParams(scope),
    query: { ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) },
  });

export const listLeadAttempts = (scope: QuizLeadsScope, leadId: string) =>
  call(leadAttemptsEndpoint, { params: { ...quizParams(scope), leadId } });

export const resendDelivery = (scope: QuizLeadsScope, deliveryId: string) =>
  call(resendDeliveryEndpoint, { params: { ...quizParams(scope), deliveryId } });

export const resendFailedDeliveries = (scope: QuizLeadsScope) =>
  call(resendFailedDeliveriesEndpoint, { params: quizParams(scope) });

export const deleteLead = (scope: QuizLeadsScope, leadId: string) =>
  call(deleteLeadEndpoint, { params: { ...quizParams(scope), leadId } });

/** The CSV download's address, for a link: the browser navigates to it and saves the file. */
export const leadsCsvUrl = (scope: QuizLeadsScope) => urlOf(leadsCsvEndpoint, { params: quizParams(scope) });

export const listDeliveryAlerts = (accountId: string) =>
  callInBackground(listDeliveryAlertsEndpoint, { params: { account: accountId } });

export const dismissDeliveryAlert = (accountId: string, destinationKey: string) =>
  call(dismissDeliveryAlertEndpoint, { params: { account: accountId }, body: { destinationKey } });
