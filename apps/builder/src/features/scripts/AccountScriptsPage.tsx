import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { ScriptCards } from './ScriptCards';
import { ACCOUNT_SCRIPTS_NOTE, ACCOUNT_SCRIPTS_REPUBLISH_NOTE } from './scriptTexts';
import { TrackingDefaultsCard } from './TrackingDefaultsCard';

/** Scripts for every quiz in the account (/scripts), and the tags every quiz turns on unless it has its own. */
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
      <TrackingDefaultsCard />
    </>
  );
}
