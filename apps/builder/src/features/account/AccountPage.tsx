import { ACCOUNT_SAVED_TEXT, getAccountEndpoint, saveAccountEndpoint } from '@quizbeam/contracts/account';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { Toggle } from '../../ui/Toggle';
import { AccountExportCard } from './AccountExportCard';
import { POWERED_BY_BADGE_HINT, POWERED_BY_BADGE_LABEL } from './accountTexts';
import { UsageLimitsList } from './UsageLimitsList';
import './AccountPage.css';

/** The Account page (/account, commercial-features accounts): the badge default, the usage limits, the data export. */
export function AccountPage() {
  // A failed load shows the default error (the query cache reports it).
  const settings = useEndpointQuery(getAccountEndpoint, {});
  const queryClient = useQueryClient();
  // Save answers the stored settings: the page's entry takes them, with no need to ask again.
  const saving = useEndpointMutation(saveAccountEndpoint, {
    onSuccess: (saved) => queryClient.setQueryData(endpointKey(getAccountEndpoint), saved),
  });
  // The user's choice until saved; before any, the saved setting.
  const [badgeChoice, setBadgeChoice] = useState<boolean | null>(null);
  const showPoweredByBadge = badgeChoice ?? settings.data?.showPoweredByBadge ?? true;

  async function save() {
    try {
      await saving.mutateAsync({ body: { showPoweredByBadge } });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    setBadgeChoice(null);
    showSuccess(ACCOUNT_SAVED_TEXT);
  }

  return (
    <>
      <PageHeader title="Account" />
      <div className="account">
        <section className="card account__section">
          <Toggle
            label={POWERED_BY_BADGE_LABEL}
            checked={showPoweredByBadge}
            disabled={!settings.data}
            onChange={setBadgeChoice}
          />
          <p className="account__hint">{POWERED_BY_BADGE_HINT}</p>
          <div>
            <button
              type="button"
              className="button"
              disabled={!settings.data || saving.isPending}
              onClick={save}
            >
              Save
            </button>
          </div>
        </section>
        {settings.data && <UsageLimitsList usage={settings.data.usage} />}
        <AccountExportCard />
      </div>
    </>
  );
}
