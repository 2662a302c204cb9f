import type { Webhook } from '@quizbeam/contracts/webhooks';

export type WebhookAction = 'test' | 'edit' | 'rotate' | 'delete';

const actionLabels: Record<WebhookAction, string> = {
  test: 'Send test',
  edit: 'Edit',
  rotate: 'Rotate secret',
  delete: 'Delete',
};

interface WebhookListProps {
  webhooks: Webhook[];
  /** The webhook whose test delivery is on its way: its Send test button waits. */
  testingId: string | null;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
}

export function WebhookList({ webhooks, testingId, onAction }: WebhookListProps) {
  if (webhooks.length === 0) {
    return <p className="webhooks__empty">No webhooks yet. Add one to send your leads to it.</p>;
  }
  return (
    <ul className="webhook-list" aria-label="Webhooks">
      {webhooks.map((webhook) => (
        <li key={webhook.id} className="card webhook-list__item">
          <div className="webhook-list__text">
            <span className="webhook-list__name">{webhook.name}</span>
            <span className="webhook-list__url">{webhook.url}</span>
          </div>
          <div className="webhook-list__actions">
            {(Object.keys(actionLabels) as WebhookAction[]).map((action) => (
              <button
                key={action}
                type="button"
                className={
                  action === 'delete'
                    ? 'button button--secondary webhook-list__action webhook-list__action--delete'
                    : 'button button--secondary webhook-list__action'
                }
                aria-label={`${actionLabels[action]}: ${webhook.name}`}
                disabled={action === 'test' && testingId === webhook.id}
                onClick={() => onAction(action, webhook)}
              >
                {actionLabels[action]}
              </button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
