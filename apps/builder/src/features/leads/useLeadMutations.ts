import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import {
  deleteLead,
  leadsQueryKeys,
  type QuizLeadsScope,
  resendDelivery,
  resendFailedDeliveries,
} from './leadsApi';
import { deliveryResentText, LEAD_DELETED_TEXT, NOTHING_TO_RESEND_TEXT, resentText } from './leadTexts';

/** A refusal the server explains (a delivery no longer failed, a lead already deleted) is shown as it says. */
function showFailure(error: Error) {
  if (isApiError(error, 409) || isApiError(error, 404)) showError(error.message);
  else showDefaultError(error);
}

/** Resend and Delete for a quiz's leads; each reloads the quiz's lists, attempts and the alert banner. */
export function useLeadMutations(scope: QuizLeadsScope) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadsQueryKeys.quiz(scope.quizId) }),
      queryClient.invalidateQueries({ queryKey: leadsQueryKeys.alerts }),
    ]);
  const resendOne = useMutation({
    mutationFn: (deliveryId: string) => resendDelivery(scope, deliveryId),
    onSuccess: (delivery) => showSuccess(deliveryResentText(delivery)),
    onError: showFailure,
    onSettled: reload,
  });
  const resendAll = useMutation({
    mutationFn: () => resendFailedDeliveries(scope),
    onSuccess: ({ resent }) => showSuccess(resent === 0 ? NOTHING_TO_RESEND_TEXT : resentText(resent)),
    onError: showFailure,
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (leadId: string) => deleteLead(scope, leadId),
    onSuccess: () => showSuccess(LEAD_DELETED_TEXT),
    onError: showFailure,
    onSettled: reload,
  });
  return { resendOne, resendAll, remove };
}
