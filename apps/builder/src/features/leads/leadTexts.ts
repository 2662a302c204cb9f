import type { DeliveryAlert, DeliveryState, Lead, LeadDelivery } from '@quizbeam/contracts/leads';
import { URL_FIELD_VALUE_MAX_LENGTH } from '@quizbeam/contracts/quizConstants';

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const NO_LEADS_TEXT = 'No leads yet. They appear here as visitors submit the capture form.';
export const NO_FILTERED_LEADS_TEXT = 'No leads have a delivery in this state.';
export const NO_DELIVERIES_TEXT = 'Not sent anywhere';
export const REMOVED_OUTCOME_TEXT = 'Removed outcome';
export const NO_ATTEMPTS_TEXT = 'No attempts yet.';
export const DELETE_LEAD_TITLE = 'Delete lead?';
export const LEAD_DELETED_TEXT = 'The lead was deleted.';
export const NOTHING_TO_RESEND_TEXT = 'There are no failed deliveries to resend.';
export const NO_ANSWERS_TEXT = 'No answers were recorded with this lead.';
export const EMPTY_ANSWER_TEXT = 'Left empty';
export const URL_FIELDS_TITLE = 'URL fields';
export const URL_FIELD_CUT_TEXT = `(cut at ${URL_FIELD_VALUE_MAX_LENGTH} characters)`;

const count = new Intl.NumberFormat('en-US');

/** "6 of 8 (75%)": a category's score, its maximum and the share of it the lead scored. */
export const categoryScoreText = ({ score, maxScore, percent }: Lead['categories'][number]) =>
  `${count.format(score)} of ${count.format(maxScore)} (${percent}%)`;

export const deleteLeadText = (email: string) =>
  `Delete the lead ${email}? Its deliveries and their history are deleted too. This cannot be undone.`;

export const resentText = (resent: number) =>
  resent === 1 ? 'Resent 1 failed delivery.' : `Resent ${count.format(resent)} failed deliveries.`;

/** After Resend (a fresh round, pending again) or Try now (still retrying, due at once). */
export const deliveryResentText = ({
  state,
  destinationName,
}: Pick<LeadDelivery, 'state' | 'destinationName'>) =>
  state === 'retrying' ? `Trying ${destinationName} again now.` : `Resending to ${destinationName}.`;

/** The one-click action a delivery offers: Resend when it failed, Try now while it waits for a retry. */
export function sendAgainAction(
  delivery: Pick<LeadDelivery, 'state' | 'destinationName'>,
): { label: string; accessibleName: string } | null {
  const name = delivery.destinationName;
  if (delivery.state === 'failed') return { label: 'Resend', accessibleName: `Resend to ${name}` };
  if (delivery.state === 'retrying') return { label: 'Try now', accessibleName: `Try ${name} now` };
  return null;
}

export const alertText = (alert: Pick<DeliveryAlert, 'destinationName' | 'waitingLeads' | 'reason'>) =>
  alert.reason === 'reconnect'
    ? `The connection ${alert.destinationName} stopped working: reconnect it and the leads that wait are delivered (${count.format(alert.waitingLeads)} waiting).`
    : `Leads could not be delivered to ${alert.destinationName} (${count.format(alert.waitingLeads)} waiting).`;

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const preciseTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

export const leadTime = (iso: string) => timeFormat.format(new Date(iso));
export const attemptTime = (iso: string) => preciseTimeFormat.format(new Date(iso));
export const durationText = (ms: number) =>
  ms < 1000
    ? `${count.format(ms)} ms`
    : `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;

/** A delivery as the Leads tab names it: a conversion API says what it is, other destinations go by name. */
export const deliveryDestinationLabel = (
  delivery: Pick<LeadDelivery, 'destinationType' | 'destinationName'>,
) =>
  delivery.destinationType === 'conversion'
    ? `Conversion API: ${delivery.destinationName}`
    : delivery.destinationName;
