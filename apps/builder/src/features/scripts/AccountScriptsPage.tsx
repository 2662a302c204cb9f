import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { ScriptCards } from './ScriptCards';
import { ACCOUNT_SCRIPTS_NOTE, ACCOUNT_SCRIPTS_REPUBLISH_NOTE } from './scriptTexts';

/** Scripts for every quiz in the account (/scripts). */
export function AccountScriptsPage() {
  const account = useMe().account.id;
  return (
    <>
      <PageHeader title="Scripts" />
      <div className="scripts-notes">
        <p>{ACCOUNT_SCRIPTS_NOTE}</p>
        <p>{ACCOUNT_SCRIPTS_REPUBLISH_NOTE}</p>
      </div>
      <ScriptCards owner={{ account }} />
    </>
  );
}
