import type { ScriptEventType } from '@quizbeam/contracts/scripts';
import { useId } from 'react';
import {
  CODE_SET_TEXT,
  editScriptLabel,
  LEAD_DATA_NOTE,
  LEAD_VARIABLE,
  NO_CODE_TEXT,
  SCRIPT_EVENT_TEXTS,
} from './scriptTexts';

interface ScriptCardProps {
  type: ScriptEventType;
  /** Undefined until the stored scripts have loaded. */
  hasCode: boolean | undefined;
  isLoading: boolean;
  onEdit: () => void;
}

export function ScriptCard({ type, hasCode, isLoading, onEdit }: ScriptCardProps) {
  const titleId = useId();
  const { title, explanation, receivesLead } = SCRIPT_EVENT_TEXTS[type];
  return (
    <li className="card script-card" aria-labelledby={titleId}>
      <div className="script-card__text">
        <h2 id={titleId} className="script-card__title">
          {title}
        </h2>
        <p className="script-card__explanation">{explanation}</p>
        {receivesLead && (
          <p className="script-card__explanation script-card__lead">
            {LEAD_DATA_NOTE} <code>{LEAD_VARIABLE}</code>.
          </p>
        )}
        {hasCode !== undefined && (
          <p className={hasCode ? 'script-card__state script-card__state--set' : 'script-card__state'}>
            {hasCode ? CODE_SET_TEXT : NO_CODE_TEXT}
          </p>
        )}
      </div>
      <button
        type="button"
        className="script-card__edit"
        aria-label={editScriptLabel(type)}
        disabled={isLoading}
        onClick={onEdit}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
          />
        </svg>
      </button>
    </li>
  );
}
