import { useMemo } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { ScriptCards } from './ScriptCards';
import { accountScriptsApi } from './scriptsApi';
import { ACCOUNT_SCRIPTS_NOTE, ACCOUNT_SCRIPTS_REPUBLISH_NOTE } from './scriptTexts';

/** Scripts for every quiz in the account (/scripts). */
export function AccountScriptsPage() {
  const accountId = useMe().account.id;
  const scriptsApi = useMemo(() => accountScriptsApi(accountId), [accountId]);
  return (
    <>
      <PageHeader title="Scripts" />
      <div className="scripts-notes">
        <p>{ACCOUNT_SCRIPTS_NOTE}</p>
        <p>{ACCOUNT_SCRIPTS_REPUBLISH_NOTE}</p>
      </div>
      <ScriptCards scriptsApi={scriptsApi} />
    </>
  );
}
