import {
  AUTORESPONDER_LABELS,
  type AutoresponderService,
  autoresponderServiceNames,
  isApiKeyService,
} from '@quizbeam/contracts/integrations';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { SmallCard } from '../../ui/SmallCard';
import { ConnectIntegrationModal } from './ConnectIntegrationModal';
import { PICKER_INTRO } from './integrationTexts';
import '../../ui/SmallCard.css';
import './IntegrationsPage.css';

/** /integrations/new: the eight services in the picker's order; choosing one opens its connect form. */
export function AddIntegrationPage() {
  const [chosen, setChosen] = useState<AutoresponderService | null>(null);
  return (
    <>
      <PageHeader title="Add Integration" showBackArrow />
      <p className="integrations__intro">{PICKER_INTRO}</p>
      <ul className="integration-picker" aria-label="Email services">
        {autoresponderServiceNames.map((service) => (
          <li key={service}>
            <SmallCard
              title={AUTORESPONDER_LABELS[service]}
              selected={chosen === service}
              onSelect={() => setChosen(service)}
            >
              {isApiKeyService(service) ? 'Connect with an API key' : 'Sign in to connect'}
            </SmallCard>
          </li>
        ))}
      </ul>
      {chosen && <ConnectIntegrationModal service={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
