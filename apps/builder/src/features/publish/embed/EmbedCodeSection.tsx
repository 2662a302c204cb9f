import {
  EMBED_MODE_LABELS,
  EMBED_MODES,
  embedCode,
  embedOptionsProblems,
} from '@quizbeam/contracts/embedCodes';
import { useId, useState } from 'react';
import { CopyButton } from '../../../ui/CopyButton';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../../ui/notifications/notificationStore';
import { useQuiz } from '../../editor/store/quizStoreHooks';
import { CODE_COPIED_TEXT } from '../publishTexts';
import { EmbedOptionsFields } from './EmbedOptionsFields';
import { EmbedPreview } from './EmbedPreview';
import { type EmbedForm, embedOptionsOf, INITIAL_EMBED_FORM } from './embedForm';
import {
  EMBED_CONSENT_NOTE,
  EMBED_HEADING,
  EMBED_MODE_LEGEND,
  EMBED_OPENER_NOTE,
  embedCodeLabel,
} from './embedTexts';
import { useEmbedConsentRequired } from './useEmbedConsentRequired';
import './EmbedCodeSection.css';

/** The published quiz's embed codes: a mode, its settings, the code to copy and a live preview of it. */
export function EmbedCodeSection({ url }: { url: string }) {
  const codeId = useId();
  const headingId = useId();
  const modeName = useId();
  const title = useQuiz().title.trim();
  const consentRequired = useEmbedConsentRequired();
  const [form, setForm] = useState<EmbedForm>(INITIAL_EMBED_FORM);
  const options = embedOptionsOf(form, title, consentRequired);
  const problems = embedOptionsProblems(options);
  const code = embedCode(url, options);
  const change = (changes: Partial<EmbedForm>) => setForm({ ...form, ...changes });
  return (
    <section className="embed-code" aria-labelledby={headingId}>
      <h3 id={headingId} className="publish-tab__group-title">
        {EMBED_HEADING}
      </h3>
      <fieldset className="embed-code__fieldset">
        <legend className="field__label">{EMBED_MODE_LEGEND}</legend>
        <div className="embed-code__choices embed-code__choices--row">
          {EMBED_MODES.map((mode) => (
            <label key={mode} className="embed-code__choice">
              <input
                type="radio"
                name={modeName}
                checked={form.mode === mode}
                onChange={() => change({ mode })}
              />
              {EMBED_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <EmbedOptionsFields form={form} problems={problems} onChange={change} />
      {form.mode !== 'inline' && form.trigger !== 'click' && consentRequired && (
        <p className="editor-tab-card__note">{EMBED_CONSENT_NOTE}</p>
      )}
      {form.mode === 'popup' && <p className="editor-tab-card__note">{EMBED_OPENER_NOTE}</p>}
      <div className="field">
        <label className="field__label" htmlFor={codeId}>
          {embedCodeLabel(EMBED_MODE_LABELS[form.mode])}
        </label>
        <textarea
          id={codeId}
          className="input publish-tab__code"
          readOnly
          rows={form.mode === 'inline' ? 3 : 5}
          value={code}
        />
        <div className="publish-tab__row">
          <CopyButton
            text={code}
            label="Copy Code"
            onCopied={() => showSuccess(CODE_COPIED_TEXT)}
            onCopyFailed={showDefaultError}
          />
        </div>
      </div>
      <EmbedPreview quizUrl={url} options={options} />
    </section>
  );
}
