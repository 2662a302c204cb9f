import {
  LEAD_FIELD_KEY_MAX_LENGTH,
  LEAD_FIELD_LABEL_MAX_LENGTH,
  type LeadFormField,
} from '@quizbeam/contracts/leadFormFields';
import type { LeadFieldPatch } from '@quizbeam/quiz-engine/leadCapture';
import { useEffect, useId, useRef } from 'react';
import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { LeadFieldChoices } from './LeadFieldChoices';
import { LeadFieldMapping } from './LeadFieldMapping';
import {
  CHECKBOX_REQUIRED_HINT,
  KEY_LABEL,
  LEAD_FIELD_KIND_LABELS,
  type LeadFieldErrors,
  leadFieldName,
} from './leadFieldTexts';

export type MoveDirection = 'up' | 'down';

interface LeadFieldEditorProps {
  field: LeadFormField;
  errors: LeadFieldErrors | undefined;
  isFirst: boolean;
  isLast: boolean;
  /** Just added: its label gets the focus. */
  isNew: boolean;
  onChange: (patch: LeadFieldPatch, coalesceKey?: string) => void;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
}

/** One of the form's own fields: its label, key, whether it is required, its choices and its mapping. */
export function LeadFieldEditor({
  field,
  errors,
  isFirst,
  isLast,
  isNew,
  onChange,
  onMove,
  onRemove,
}: LeadFieldEditorProps) {
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const name = leadFieldName(field);
  const kind = LEAD_FIELD_KIND_LABELS[field.kind];
  const key = (part: string) => `lead-field-${field.id}-${part}`;

  useEffect(() => {
    if (isNew) cardRef.current?.querySelector('input')?.focus();
  }, [isNew]);

  return (
    <section ref={cardRef} className="lead-field" aria-labelledby={titleId} data-field-id={field.id}>
      <div className="lead-field__header">
        <h3 id={titleId} className="lead-field__title">
          {name}
        </h3>
        <span className="lead-field__kind">{kind}</span>
        <button
          type="button"
          className="lead-field__action"
          data-move="up"
          aria-label={`Move ${name} up`}
          disabled={isFirst}
          onClick={() => onMove('up')}
        >
          ↑
        </button>
        <button
          type="button"
          className="lead-field__action"
          data-move="down"
          aria-label={`Move ${name} down`}
          disabled={isLast}
          onClick={() => onMove('down')}
        >
          ↓
        </button>
        <button type="button" className="item-card__delete" aria-label={`Remove ${name}`} onClick={onRemove}>
          ×
        </button>
      </div>
      <TextInputField
        label="Label"
        value={field.label}
        maxLength={LEAD_FIELD_LABEL_MAX_LENGTH}
        errorMessage={errors?.label}
        onChange={(label) => onChange({ label }, key('label'))}
      />
      <TextInputField
        label={KEY_LABEL}
        value={field.key}
        maxLength={LEAD_FIELD_KEY_MAX_LENGTH}
        errorMessage={errors?.key}
        onChange={(typedKey) => onChange({ key: typedKey }, key('key'))}
      />
      {field.kind === 'choice' && (
        <LeadFieldChoices
          choices={field.choices ?? []}
          onChange={(choices) => onChange({ choices }, key('choices'))}
        />
      )}
      <Toggle label="Required" checked={field.required} onChange={(required) => onChange({ required })} />
      {field.kind === 'checkbox' && <p className="editor-tab-card__note">{CHECKBOX_REQUIRED_HINT}</p>}
      <LeadFieldMapping field={field} onChange={onChange} />
    </section>
  );
}
