import { type ScriptEventType, scriptEventTypes } from '@quizbeam/contracts/scripts';
import { useEffect, useState } from 'react';
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
  const [codeSet, setCodeSet] = useState<CodeSet>({});
  const [openScript, setOpenScript] = useState<OpenScript | null>(null);
  const [loadingType, setLoadingType] = useState<ScriptEventType | null>(null);

  useEffect(() => {
    let isCurrent = true;
    Promise.all(scriptEventTypes.map(async (type) => [type, (await scriptsApi.load(type)) !== ''] as const))
      .then((entries) => {
        if (isCurrent) setCodeSet(Object.fromEntries(entries));
      })
      .catch(() => {
        if (isCurrent) showDefaultError();
      });
    return () => {
      isCurrent = false;
    };
  }, [scriptsApi]);

  // The modal opens only once the stored code is here, so it never shows a blank that Save would keep.
  async function edit(type: ScriptEventType) {
    setLoadingType(type);
    try {
      const code = await scriptsApi.load(type);
      setCodeSet((current) => ({ ...current, [type]: code !== '' }));
      setOpenScript({ type, code });
    } catch {
      showDefaultError();
    } finally {
      setLoadingType(null);
    }
  }

  async function save(type: ScriptEventType, code: string): Promise<boolean> {
    try {
      const saved = await scriptsApi.save(type, code);
      setCodeSet((current) => ({ ...current, [type]: saved !== '' }));
      setOpenScript(null);
      return true;
    } catch {
      showDefaultError();
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
