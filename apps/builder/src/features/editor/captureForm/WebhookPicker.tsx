import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { withIdChosen } from '@quizbeam/quiz-engine/leadCapture';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { useMe } from '../../session/useMe';
import '../../webhooks/WebhooksSection.css';
import './WebhookPicker.css';

export const NO_WEBHOOKS_TEXT = 'No webhooks yet.';
export const REMOVED_WEBHOOK_LABEL = 'A removed webhook';

interface WebhookPickerProps {
  webhookIds: string[];
  onChange: (webhookIds: string[]) => void;
}

/** The account's webhooks a lead is also posted to, any number of them. */
export function WebhookPicker({ webhookIds, onChange }: WebhookPickerProps) {
  const account = useMe().account.id;
  // The Integrations page's cache.
  const webhooks = useEndpointQuery(listWebhooksEndpoint, { params: { account } });
  if (webhooks.isPending) return <p className="editor-tab-card__note">Loading webhooks…</p>;
  const list = webhooks.data ?? [];
  // Chosen webhooks deleted since stay listed, so that they can be unticked.
  const removedIds = webhookIds.filter((id) => !list.some((webhook) => webhook.id === id));
  const choices = [
    ...list.map((webhook) => ({ id: webhook.id, label: webhook.name, detail: webhook.url })),
    ...removedIds.map((id) => ({ id, label: REMOVED_WEBHOOK_LABEL, detail: '' })),
  ];
  return (
    <fieldset className="editor-tab-card__fieldset capture-form__webhooks">
      <legend className="field__label">Webhooks</legend>
      {choices.length === 0 ? (
        <div className="capture-form__empty">
          <p>{NO_WEBHOOKS_TEXT}</p>
          <Link to="/integrations">Add a webhook in Integrations</Link>
        </div>
      ) : (
        // The list as Integrations shows the account's webhooks, each with a box to tick.
        <ul className="webhook-list">
          {choices.map((choice) => (
            <li key={choice.id} className="card webhook-list__item">
              <label className="webhook-choice">
                <input
                  type="checkbox"
                  className="webhook-choice__box"
                  checked={webhookIds.includes(choice.id)}
                  onChange={(event) => onChange(withIdChosen(webhookIds, choice.id, event.target.checked))}
                />
                <span className="webhook-list__text">
                  <span className="webhook-list__name">{choice.label}</span>
                  {choice.detail && <span className="webhook-list__url">{choice.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
