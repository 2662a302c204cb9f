import type { UsageLimitKey } from '@quizbeam/contracts/account';
import { type AdminAccountDetail, updateAdminAccountEndpoint } from '@quizbeam/contracts/admin';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { showServerError } from '../adminErrors';
import { ACCOUNT_NAME_REQUIRED_TEXT, ADMIN_ACCOUNT_SAVED_TEXT } from '../adminTexts';
import { draftsOf, overridesOf } from './limitDrafts';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { UsageLimitsTable } from './UsageLimitsTable';
import { useTakeChangedAccount } from './useTakeChangedAccount';

/** The account's name, permissions and usage limits, saved together. */
export function AccountSettingsForm({ account }: { account: AdminAccountDetail }) {
  const takeChangedAccount = useTakeChangedAccount();
  const saving = useEndpointMutation(updateAdminAccountEndpoint, { onSuccess: takeChangedAccount });
  const [name, setName] = useState(account.name);
  const [permissions, setPermissions] = useState(account.permissions);
  const [limitDrafts, setLimitDrafts] = useState(() => draftsOf(account.limitOverrides));
  const [showErrors, setShowErrors] = useState(false);
  const nameError = name.trim() === '' ? ACCOUNT_NAME_REQUIRED_TEXT : null;

  function changeLimit(key: UsageLimitKey, text: string) {
    setLimitDrafts((drafts) => ({ ...drafts, [key]: text }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    const limitOverrides = overridesOf(limitDrafts);
    if (nameError || limitOverrides === null) return;
    try {
      const saved = await saving.mutateAsync({
        params: { id: account.id },
        body: { name: name.trim(), permissions, limitOverrides },
      });
      setLimitDrafts(draftsOf(saved.limitOverrides));
    } catch (error) {
      showServerError(error);
      return;
    }
    setShowErrors(false);
    showSuccess(ADMIN_ACCOUNT_SAVED_TEXT);
  }

  return (
    <form className="admin-form admin-form--wide" onSubmit={save} noValidate>
      <section className="admin-section" aria-labelledby="account-settings-title">
        <h2 id="account-settings-title" className="admin-section__title">
          Account
        </h2>
        <TextInputField
          label="Account name"
          value={name}
          onChange={setName}
          required
          errorMessage={showErrors ? nameError : null}
        />
        <PermissionCheckboxes permissions={permissions} onChange={setPermissions} />
      </section>
      <UsageLimitsTable
        account={account}
        drafts={limitDrafts}
        onChange={changeLimit}
        showErrors={showErrors}
      />
      <div>
        <button type="submit" className="button" disabled={saving.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
