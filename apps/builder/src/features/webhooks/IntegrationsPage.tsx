import { PageHeader } from '../../ui/PageHeader';
import { WebhooksSection } from './WebhooksSection';
import { INTEGRATIONS_NOTE } from './webhookTexts';
import './IntegrationsPage.css';

/** /integrations: the account's lead destinations. Autoresponder connections join the webhooks in the next issue. */
export function IntegrationsPage() {
  return (
    <>
      <PageHeader title="Integrations" />
      <p className="integrations__note">{INTEGRATIONS_NOTE}</p>
      <WebhooksSection />
    </>
  );
}
