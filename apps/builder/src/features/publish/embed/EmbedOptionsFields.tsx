import {
  EMBED_CORNERS,
  EMBED_TRIGGER_LABELS,
  EMBED_TRIGGERS,
  type EmbedOptionsProblems,
  embedSettingsUsed,
} from '@quizbeam/contracts/embedCodes';
import { useId } from 'react';
import { SelectField } from '../../../ui/SelectField';
import type { EmbedForm } from './embedForm';
import {
  EMBED_BUTTON_TEXT_LABEL,
  EMBED_CAP_HINT,
  EMBED_CAP_LABEL,
  EMBED_CORNER_LABELS,
  EMBED_CORNER_LEGEND,
  EMBED_DELAY_LABEL,
  EMBED_EXIT_HINT,
  EMBED_SCROLL_LABEL,
  EMBED_TRIGGER_LABEL,
} from './embedTexts';

interface EmbedOptionsFieldsProps {
  form: EmbedForm;
  problems: EmbedOptionsProblems;
  onChange: (changes: Partial<EmbedForm>) => void;
}

interface TextSettingProps {
  label: string;
  value: string;
  problem: string | undefined;
  hint?: string;
  numeric?: boolean;
  onChange: (value: string) => void;
}

/** A text field that keeps what was typed and says below it why a value will not be used. */
function TextSetting({ label, value, problem, hint, numeric = false, onChange }: TextSettingProps) {
  const id = useId();
  const describedBy = [problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode={numeric ? 'numeric' : undefined}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <span id={`${id}-problem`} className="field__error">
          {problem}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** The chosen mode's settings: how it opens, its button, corner and frequency cap. */
export function EmbedOptionsFields({ form, problems, onChange }: EmbedOptionsFieldsProps) {
  const cornerName = useId();
  const used = embedSettingsUsed(form);
  if (!used.trigger) return null;
  return (
    <div className="embed-code__options">
      <SelectField
        label={EMBED_TRIGGER_LABEL}
        value={form.trigger}
        options={EMBED_TRIGGERS.map((trigger) => ({ value: trigger, label: EMBED_TRIGGER_LABELS[trigger] }))}
        onChange={(trigger) => onChange({ trigger })}
      />
      {used.buttonText && (
        <TextSetting
          label={EMBED_BUTTON_TEXT_LABEL}
          value={form.buttonText}
          problem={problems.buttonText}
          onChange={(buttonText) => onChange({ buttonText })}
        />
      )}
      {used.delaySeconds && (
        <TextSetting
          label={EMBED_DELAY_LABEL}
          value={form.delaySeconds}
          problem={problems.delaySeconds}
          hint={form.trigger === 'exit' ? EMBED_EXIT_HINT : undefined}
          numeric
          onChange={(delaySeconds) => onChange({ delaySeconds })}
        />
      )}
      {used.scrollPercent && (
        <TextSetting
          label={EMBED_SCROLL_LABEL}
          value={form.scrollPercent}
          problem={problems.scrollPercent}
          numeric
          onChange={(scrollPercent) => onChange({ scrollPercent })}
        />
      )}
      {used.corner && (
        <fieldset className="embed-code__fieldset">
          <legend className="field__label">{EMBED_CORNER_LEGEND}</legend>
          <div className="embed-code__choices">
            {EMBED_CORNERS.map((corner) => (
              <label key={corner} className="embed-code__choice">
                <input
                  type="radio"
                  name={cornerName}
                  checked={form.corner === corner}
                  onChange={() => onChange({ corner })}
                />
                {EMBED_CORNER_LABELS[corner]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {used.capDays && (
        <TextSetting
          label={EMBED_CAP_LABEL}
          value={form.capDays}
          problem={problems.capDays}
          hint={EMBED_CAP_HINT}
          numeric
          onChange={(capDays) => onChange({ capDays })}
        />
      )}
    </div>
  );
}
