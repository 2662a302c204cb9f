import {
  type DeliveryAttempt,
  type Lead,
  type LeadDelivery,
  leadAttemptsEndpoint,
} from '@quizbeam/contracts/leads';
import { useEndpointQuery } from '../../api/endpointQuery';
import { Modal } from '../../ui/modal/Modal';
import { DeliveryBadge } from './DeliveryBadge';
import {
  attemptTime,
  deliveryDestinationLabel,
  durationText,
  NO_ATTEMPTS_TEXT,
  NO_DELIVERIES_TEXT,
  sendAgainAction,
} from './leadTexts';
import type { QuizLeadsParams } from './useLeadMutations';

/** The status the destination answered, what went wrong, or both (a refusal with its reason). */
const attemptResult = (attempt: DeliveryAttempt) =>
  [attempt.statusCode === null ? null : `HTTP ${attempt.statusCode}`, attempt.error]
    .filter(Boolean)
    .join(': ');

interface LeadAttemptsModalProps {
  quizParams: QuizLeadsParams;
  lead: Lead;
  onResend: (delivery: LeadDelivery) => void;
  onClose: () => void;
}

/** A lead's deliveries, each with every attempt: when, how long, what came back. */
export function LeadAttemptsModal({ quizParams, lead, onResend, onClose }: LeadAttemptsModalProps) {
  const attempts = useEndpointQuery(leadAttemptsEndpoint, { params: { ...quizParams, leadId: lead.id } });
  const deliveries = attempts.data?.deliveries ?? [];
  return (
    <Modal
      title={`Deliveries of ${lead.email}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {attempts.isSuccess && deliveries.length === 0 && <p>{NO_DELIVERIES_TEXT}.</p>}
      {deliveries.map((delivery) => (
        <section key={delivery.id} className="lead-attempts" aria-label={deliveryDestinationLabel(delivery)}>
          <div className="lead-attempts__heading">
            <DeliveryBadge delivery={delivery} />
            {delivery.nextAttemptAt && (
              <span className="leads-table__muted">Next attempt {attemptTime(delivery.nextAttemptAt)}</span>
            )}
            {sendAgainAction(delivery) && (
              <button type="button" className="button button--secondary" onClick={() => onResend(delivery)}>
                {sendAgainAction(delivery)?.label}
              </button>
            )}
          </div>
          {delivery.attemptLog.length === 0 ? (
            <p className="leads-table__muted">{NO_ATTEMPTS_TEXT}</p>
          ) : (
            <table className="lead-attempts__table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Result</th>
                  <th scope="col">Response</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attemptLog.map((attempt) => (
                  <tr key={attempt.id}>
                    <td>{attemptTime(attempt.startedAt)}</td>
                    <td>{durationText(attempt.durationMs)}</td>
                    <td>{attemptResult(attempt)}</td>
                    <td>
                      {attempt.responseExcerpt && (
                        <pre className="lead-attempts__excerpt">{attempt.responseExcerpt}</pre>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </Modal>
  );
}
