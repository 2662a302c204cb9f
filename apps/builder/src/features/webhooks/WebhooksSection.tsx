import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhooksEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
  type Webhook,
  type WebhookBody,
} from '@quizbeam/contracts/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { useMe } from '../session/useMe';
import { WebhookFormModal } from './WebhookFormModal';
import { type WebhookAction, WebhookList } from './WebhookList';
import { WebhookSecretModal } from './WebhookSecretModal';
import {
  deleteWebhookText,
  ROTATE_SECRET_TEXT,
  testDeliveredText,
  testFailedText,
  WEBHOOK_DELETED_TEXT,
  WEBHOOK_SAVED_TEXT,
  WEBHOOKS_INTRO,
} from './webhookTexts';
import './WebhooksSection.css';

type Editing = { kind: 'add' } | { kind: 'edit'; webhook: Webhook };
type Confirming = { kind: 'rotate' | 'delete'; webhook: Webhook };

/** A refusal the server explains (a bad URL, a webhook in use) is shown as it says; anything else is the default error. */
function showFailure(error: unknown) {
  if (isApiError(error) && (error.status === 400 || error.status === 409)) showError(error.message);
  else showDefaultError(error);
}

/** The Integrations page's Webhooks section: list, add, edit, rotate the secret, send a test, delete. */
export function WebhooksSection() {
  const account = useMe().account.id;
  const list = useEndpointQuery(listWebhooksEndpoint, { params: { account } });
  const queryClient = useQueryClient();
  // The capture form's webhook choice shares the list's cache.
  const reloadList = () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(listWebhooksEndpoint, { params: { account } }) });
  const adding = useEndpointMutation(createWebhookEndpoint, { onSuccess: reloadList });
  const changing = useEndpointMutation(updateWebhookEndpoint, { onSuccess: reloadList });
  const rotating = useEndpointMutation(rotateWebhookSecretEndpoint);
  const removing = useEndpointMutation(deleteWebhookEndpoint, { onSuccess: reloadList });
  const testing = useEndpointMutation(testWebhookEndpoint);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [shownSecret, setShownSecret] = useState<{ webhookName: string; secret: string } | null>(null);
  const [testingId, setTestingId] = useState<string | null>(null);

  async function save(body: WebhookBody): Promise<boolean> {
    try {
      if (editing?.kind === 'edit') {
        await changing.mutateAsync({ params: { account, id: editing.webhook.id }, body });
        showSuccess(WEBHOOK_SAVED_TEXT);
      } else {
        const { webhook, secret } = await adding.mutateAsync({ params: { account }, body });
        setShownSecret({ webhookName: webhook.name, secret });
      }
    } catch (error) {
      showFailure(error);
      return false;
    }
    setEditing(null);
    return true;
  }

  async function sendTest(webhook: Webhook) {
    setTestingId(webhook.id);
    try {
      const result = await testing.mutateAsync({ params: { account, id: webhook.id } });
      if (result.delivered) showSuccess(testDeliveredText(webhook.name, result.statusCode));
      else showError(testFailedText(webhook.name, result.error));
    } catch (error) {
      showFailure(error);
    } finally {
      setTestingId(null);
    }
  }

  async function confirm({ kind, webhook }: Confirming) {
    setConfirming(null);
    try {
      if (kind === 'rotate') {
        const { secret } = await rotating.mutateAsync({ params: { account, id: webhook.id } });
        setShownSecret({ webhookName: webhook.name, secret });
      } else {
        await removing.mutateAsync({ params: { account, id: webhook.id } });
        showSuccess(WEBHOOK_DELETED_TEXT);
      }
    } catch (error) {
      showFailure(error);
    }
  }

  function act(action: WebhookAction, webhook: Webhook) {
    if (action === 'test') void sendTest(webhook);
    else if (action === 'edit') setEditing({ kind: 'edit', webhook });
    else setConfirming({ kind: action, webhook });
  }

  return (
    <section className="webhooks" aria-labelledby="webhooks-title">
      <div className="webhooks__header">
        <h2 id="webhooks-title" className="webhooks__title">
          Webhooks
        </h2>
        <button type="button" className="button" onClick={() => setEditing({ kind: 'add' })}>
          Add Webhook
        </button>
      </div>
      <p className="webhooks__intro">{WEBHOOKS_INTRO}</p>
      {list.data && <WebhookList webhooks={list.data} testingId={testingId} onAction={act} />}
      {editing && (
        <WebhookFormModal
          title={editing.kind === 'add' ? 'Add Webhook' : 'Edit Webhook'}
          initial={
            editing.kind === 'add'
              ? { name: '', url: '' }
              : { name: editing.webhook.name, url: editing.webhook.url }
          }
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {confirming && (
        <ConfirmationModal
          title={confirming.kind === 'rotate' ? 'Rotate secret?' : undefined}
          confirmLabel={confirming.kind === 'rotate' ? 'Rotate secret' : 'Delete'}
          destructive={confirming.kind === 'delete'}
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {confirming.kind === 'rotate' ? ROTATE_SECRET_TEXT : deleteWebhookText(confirming.webhook.name)}
          </p>
        </ConfirmationModal>
      )}
      {shownSecret && <WebhookSecretModal {...shownSecret} onClose={() => setShownSecret(null)} />}
    </section>
  );
}
