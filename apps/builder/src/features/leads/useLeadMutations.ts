import {
  deleteLeadEndpoint,
  leadAttemptsEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
  resendDeliveryEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { deliveryResentText, LEAD_DELETED_TEXT, NOTHING_TO_RESEND_TEXT, resentText } from './leadTexts';

/** The path values that name a quiz's leads: its account and the quiz. */
export interface QuizLeadsParams {
  account: string;
  id: string;
}

/** A refusal the server explains (a delivery no longer failed, a lead already deleted) is shown as it says. */
function showFailure(error: Error) {
  if (isApiError(error, 409) || isApiError(error, 404)) showError(error.message);
  else showDefaultError(error);
}

/** Resend and Delete for a quiz's leads; each reloads the quiz's lists, attempts and the alert banner. */
export function useLeadMutations(quizParams: QuizLeadsParams) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(listLeadsEndpoint, { params: quizParams }) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(leadAttemptsEndpoint, { params: quizParams }) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(listDeliveryAlertsEndpoint) }),
    ]);
  const resendOne = useEndpointMutation(resendDeliveryEndpoint, {
    onSuccess: (delivery) => showSuccess(deliveryResentText(delivery)),
    onError: showFailure,
    onSettled: reload,
  });
  const resendAll = useEndpointMutation(resendFailedDeliveriesEndpoint, {
    onSuccess: ({ resent }) => showSuccess(resent === 0 ? NOTHING_TO_RESEND_TEXT : resentText(resent)),
    onError: showFailure,
    onSettled: reload,
  });
  const remove = useEndpointMutation(deleteLeadEndpoint, {
    onSuccess: () => showSuccess(LEAD_DELETED_TEXT),
    onError: showFailure,
    onSettled: reload,
  });
  return {
    resendOne: (deliveryId: string) => resendOne.mutate({ params: { ...quizParams, deliveryId } }),
    resendAll,
    remove: (leadId: string) => remove.mutate({ params: { ...quizParams, leadId } }),
  };
}
