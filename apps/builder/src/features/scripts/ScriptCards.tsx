import { type ScriptEventType, scriptEventTypes } from '@quizbeam/contracts/scripts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { ScriptCard } from './ScriptCard';
import { ScriptModal } from './ScriptModal';
import type { ScriptsApi } from './scriptsApi';
import './ScriptCards.css';

type CodeSet = Partial<Record<ScriptEventType, boolean>>;

interface OpenScript {
  type: ScriptEventType;
  code: string;
}

/** The Start Page Load and Opt-In cards and their modal, for whichever scripts `scriptsApi` reaches. */
export function ScriptCards({ scriptsApi }: { scriptsApi: ScriptsApi }) {
  const queryClient = useQueryClient();
  const [openScript, setOpenScript] = useState<OpenScript | null>(null);
  const [loadingType, setLoadingType] = useState<ScriptEventType | null>(null);
  const scriptQuery = (type: ScriptEventType) => ({
    queryKey: scriptsApi.queryKey(type),
    queryFn: () => scriptsApi.load(type),
  });
  // The cards say whether code is set once every script has loaded.
  const codeSet: CodeSet = useQueries({
    queries: scriptEventTypes.map(scriptQuery),
    combine: (results) =>
      results.every((result) => result.data !== undefined)
        ? Object.fromEntries(scriptEventTypes.map((type, index) => [type, results[index]?.data !== '']))
        : {},
  });
  // The PUT answers the stored code: the card's entry takes it, with no need to ask again.
  const saving = useMutation({
    mutationFn: ({ type, code }: OpenScript) => scriptsApi.save(type, code),
    onSuccess: (saved, { type }) => queryClient.setQueryData(scriptsApi.queryKey(type), saved),
  });

  // The modal opens only once the stored code is here, asked again now, so it never shows a blank or an
  // old script that Save would keep. A failed load shows the default error (as every failed load does).
  async function edit(type: ScriptEventType) {
    setLoadingType(type);
    try {
      setOpenScript({ type, code: await queryClient.fetchQuery({ ...scriptQuery(type), staleTime: 0 }) });
    } catch {
      // Already reported; the modal stays closed.
    } finally {
      setLoadingType(null);
    }
  }

  async function save(type: ScriptEventType, code: string): Promise<boolean> {
    try {
      await saving.mutateAsync({ type, code });
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
