import {
  getZapierApiKeyEndpoint,
  regenerateZapierApiKeyEndpoint,
  ZAPIER_KEY_COPIED_TEXT,
} from '@quizbeam/contracts/zapier';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { CopyButton } from '../../ui/CopyButton';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { KEY_REGENERATED_TEXT, REGENERATE_KEY_TEXT, ZAPIER_INTRO, ZAPIER_STEPS } from './zapierTexts';
import './ZapierPage.css';

/** The Zapier page (/zapier, not for limited accounts): the account's API key, read-only, with Copy. */
export function ZapierPage() {
  const account = useMe().account.id;
  // A failed load shows the default error (the query cache reports it).
  const apiKey = useEndpointQuery(getZapierApiKeyEndpoint, { params: { account } });
  const queryClient = useQueryClient();
  // Regenerate answers the new key: the page's entry takes it, with no need to ask again.
  const regenerating = useEndpointMutation(regenerateZapierApiKeyEndpoint, {
    onSuccess: (answer) =>
      queryClient.setQueryData(endpointKey(getZapierApiKeyEndpoint, { params: { account } }), answer),
  });
  const [confirming, setConfirming] = useState(false);

  async function regenerate() {
    setConfirming(false);
    try {
      await regenerating.mutateAsync({ params: { account } });
      showSuccess(KEY_REGENERATED_TEXT);
    } catch (error) {
      showDefaultError(error);
    }
  }

  const key = apiKey.data?.apiKey ?? '';
  return (
    <>
      <PageHeader title="Zapier" />
      <section className="zapier card">
        <p className="zapier__intro">{ZAPIER_INTRO}</p>
        <ol className="zapier__steps">
          {ZAPIER_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <label className="zapier__label" htmlFor="zapier-api-key">
          API Key
        </label>
        <div className="zapier__key">
          <input
            id="zapier-api-key"
            className="input zapier__key-value"
            readOnly
            value={key}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton
            text={key}
            onCopied={() => showSuccess(ZAPIER_KEY_COPIED_TEXT)}
            onCopyFailed={showDefaultError}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={key === '' || regenerating.isPending}
            onClick={() => setConfirming(true)}
          >
            Regenerate
          </button>
        </div>
      </section>
      {confirming && (
        <ConfirmationModal
          confirmLabel="Regenerate"
          onConfirm={regenerate}
          onCancel={() => setConfirming(false)}
        >
          <p>{REGENERATE_KEY_TEXT}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
