import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import { listDeliveryAlertsEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import { eraseVisitorEndpoint } from '@quizbeam/contracts/visitorData';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { FormModal } from '../../ui/formModal/FormModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';

export const ERASE_VISITOR_TITLE = 'Erase a Person';
export const ERASE_VISITOR_EXPLANATION =
  'Deletes every lead, answer and event of this email address in all your quizzes. This cannot be undone.';
export const erasedVisitorText = (leads: number, email: string) =>
  `Erased ${new Intl.NumberFormat('en-US').format(leads)} ${leads === 1 ? 'lead' : 'leads'} of ${email}.`;

interface EraseVisitorModalProps {
  accountId: string;
  onClose: () => void;
}

/**
 * Erases one person, by email address, from every quiz of the account. A refusal the server explains (no
 * lead has the address, a bad address) stays in the dialog, so the marketer can correct what they typed.
 */
export function EraseVisitorModal({ accountId, onClose }: EraseVisitorModalProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function validate() {
    const problem = normalizeEmailAddress(email) === null ? INVALID_EMAIL_TEXT : null;
    setEmailError(problem);
    return problem === null;
  }

  async function erase(): Promise<boolean> {
    setRefusal(null);
    const address = normalizeEmailAddress(email) ?? email.trim();
    try {
      const erased = await call(eraseVisitorEndpoint, { body: { email: address } });
      showSuccess(erasedVisitorText(erased.leads, address));
      onClose();
      return true;
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 400) || isApiError(error, 429)) {
        setRefusal(error.message);
      } else {
        showDefaultError(error);
      }
      return false;
    } finally {
      // The person's leads may be in any quiz: every Leads list of the account, and the alerts, reload.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: endpointKey(listLeadsEndpoint, { params: { account: accountId } }),
        }),
        queryClient.invalidateQueries({ queryKey: endpointKey(listDeliveryAlertsEndpoint) }),
      ]);
    }
  }

  return (
    <FormModal
      title={ERASE_VISITOR_TITLE}
      formClassName="erase-visitor-form"
      submitLabel="Erase"
      validate={validate}
      onSubmit={erase}
      onCancel={onClose}
    >
      <p>{ERASE_VISITOR_EXPLANATION}</p>
      <TextInputField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(typed) => {
          setEmail(typed);
          setRefusal(null);
          if (emailError) setEmailError(normalizeEmailAddress(typed) === null ? INVALID_EMAIL_TEXT : null);
        }}
        errorMessage={emailError}
        maxLength={320}
        required
      />
      {refusal && (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      )}
    </FormModal>
  );
}
