import { useId, useState } from 'react';
import { FormModal } from '../../ui/formModal/FormModal';
import { lacksScriptTags } from './scriptTags';
import { MISSING_SCRIPT_TAGS_WARNING, SCRIPT_MODAL_TITLE, WRAP_IN_SCRIPT_TAGS_NOTE } from './scriptTexts';

interface ScriptModalProps {
  initialCode: string;
  /** Resolves true when saved; the modal then closes, otherwise it stays with the typed code. */
  onSave: (code: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The Add Scripts modal. The code is sent as typed, never refused here; code that could not run, having no
 * <script> tag, is only warned about, for both events alike since both are added as HTML.
 */
export function ScriptModal({ initialCode, onSave, onCancel }: ScriptModalProps) {
  const codeId = useId();
  const noteId = useId();
  const warningId = useId();
  const [code, setCode] = useState(initialCode);
  const showsWarning = lacksScriptTags(code);

  return (
    <FormModal
      title={SCRIPT_MODAL_TITLE}
      formClassName="script-modal"
      submitLabel="Save"
      onSubmit={() => onSave(code)}
      onCancel={onCancel}
    >
      <label className="field__label" htmlFor={codeId}>
        Code
      </label>
      <textarea
        id={codeId}
        className="input script-modal__code"
        rows={12}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-describedby={showsWarning ? `${noteId} ${warningId}` : noteId}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <p id={noteId} className="script-modal__note">
        {WRAP_IN_SCRIPT_TAGS_NOTE}
      </p>
      <p id={warningId} className="script-modal__warning" aria-live="polite">
        {showsWarning ? MISSING_SCRIPT_TAGS_WARNING : ''}
      </p>
    </FormModal>
  );
}
