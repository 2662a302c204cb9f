import { dismissDeliveryAlertEndpoint, listDeliveryAlertsEndpoint } from '@quizbeam/contracts/leads';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { useMe } from '../session/useMe';
import { alertText } from './leadTexts';
import './DeliveryAlertBanner.css';

const REFRESH_MS = 60_000;

/**
 * Under the top area of every signed-in layout while leads wait after a destination failed for good: what
 * failed, how many wait, the quiz's Leads tab to resend them, and Dismiss. It stays until they are resent
 * or it is dismissed (a new failure brings it back).
 */
export function DeliveryAlertBanner() {
  const accountId = useMe().account.id;
  const queryClient = useQueryClient();
  const alerts = useEndpointQuery(
    listDeliveryAlertsEndpoint,
    { params: { account: accountId } },
    {
      // Polled, not asked for: no loading overlay, and an ended session is left to the next call the user makes.
      background: true,
      refetchInterval: REFRESH_MS,
      // A banner that cannot load is no reason to interrupt: the next refresh tries again.
      meta: { handlesError: () => true },
    },
  );
  const dismiss = useEndpointMutation(dismissDeliveryAlertEndpoint, {
    onError: showDefaultError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(listDeliveryAlertsEndpoint) }),
  });
  if (!alerts.data?.length) return null;
  return (
    <div className="delivery-alerts">
      {alerts.data.map((alert) => (
        <div key={alert.destinationKey} className="delivery-alert" role="alert">
          <p className="delivery-alert__text">
            {alertText(alert)}{' '}
            {alert.reason === 'reconnect' ? (
              <Link to="/integrations" className="delivery-alert__link">
                Reconnect in Integrations
              </Link>
            ) : (
              <Link to={`/quizzes/${alert.quiz.id}/leads`} className="delivery-alert__link">
                Review and resend in {alert.quiz.name}
              </Link>
            )}
          </p>
          <button
            type="button"
            className="delivery-alert__dismiss"
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate({
                params: { account: accountId },
                body: { destinationKey: alert.destinationKey },
              })
            }
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
