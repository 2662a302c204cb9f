import {
  getAccountScriptEndpoint,
  getQuizScriptEndpoint,
  type ScriptBody,
  type ScriptEventType,
  saveAccountScriptEndpoint,
  saveQuizScriptEndpoint,
  scriptEventTypes,
} from '@quizbeam/contracts/scripts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointQueryOptions, useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { ScriptCard } from './ScriptCard';
import { ScriptModal } from './ScriptModal';
import './ScriptCards.css';

/** Whose scripts the cards show: one quiz's, or the account's (run on every quiz). */
export type ScriptsOwner = { quizId: string } | { account: string };

type CodeSet = Partial<Record<ScriptEventType, boolean>>;

interface OpenScript {
  type: ScriptEventType;
  code: string;
}

/** Where the owner's script for one event is loaded from and cached. */
const scriptQuery = (owner: ScriptsOwner, type: ScriptEventType) =>
  'quizId' in owner
    ? endpointQueryOptions(getQuizScriptEndpoint, { params: { quizId: owner.quizId, type } })
    : endpointQueryOptions(getAccountScriptEndpoint, { params: { account: owner.account, type } });

/** The Start Page Load, Opt-In and Completion cards and their modal, for the scripts of `owner`. */
export function ScriptCards({ owner }: { owner: ScriptsOwner }) {
  const queryClient = useQueryClient();
  const [openScript, setOpenScript] = useState<OpenScript | null>(null);
  const [loadingType, setLoadingType] = useState<ScriptEventType | null>(null);
  // The cards say whether code is set once every script has loaded.
  const codeSet: CodeSet = useQueries({
    queries: scriptEventTypes.map((type) => scriptQuery(owner, type)),
    combine: (results) =>
      results.every((result) => result.data !== undefined)
        ? Object.fromEntries(scriptEventTypes.map((type, index) => [type, results[index]?.data?.code !== '']))
        : {},
  });
  // The PUT answers the stored code: the card's entry takes it, with no need to ask again.
  const keepSaved = (saved: ScriptBody, { params }: { params: { type: ScriptEventType } }) =>
    queryClient.setQueryData(scriptQuery(owner, params.type).queryKey, saved);
  const savingQuizScript = useEndpointMutation(saveQuizScriptEndpoint, { onSuccess: keepSaved });
  const savingAccountScript = useEndpointMutation(saveAccountScriptEndpoint, { onSuccess: keepSaved });

  // The modal opens only once the stored code is here, asked again now, so it never shows a blank or an
  // old script that Save would keep. A failed load shows the default error (as every failed load does).
  async function edit(type: ScriptEventType) {
    setLoadingType(type);
    try {
      const { code } = await queryClient.fetchQuery({ ...scriptQuery(owner, type), staleTime: 0 });
      setOpenScript({ type, code });
    } catch {
      // Already reported; the modal stays closed.
    } finally {
      setLoadingType(null);
    }
  }

  async function save(type: ScriptEventType, code: string): Promise<boolean> {
    try {
      if ('quizId' in owner) {
        await savingQuizScript.mutateAsync({ params: { quizId: owner.quizId, type }, body: { code } });
      } else {
        await savingAccountScript.mutateAsync({ params: { account: owner.account, type }, body: { code } });
      }
      setOpenScript(null);
      return true;
    } catch (error) {
      showDefaultError(error);
      return false;
    }
  }

  return (
    <>
      <ul className="script-cards">
        {scriptEventTypes.map((type) => (
          <ScriptCard
            key={type}
            type={type}
            hasCode={codeSet[type]}
            isLoading={loadingType !== null}
            onEdit={() => edit(type)}
          />
        ))}
      </ul>
      {openScript && (
        <ScriptModal
          key={openScript.type}
          initialCode={openScript.code}
          onSave={(code) => save(openScript.type, code)}
          onCancel={() => setOpenScript(null)}
        />
      )}
    </>
  );
}
