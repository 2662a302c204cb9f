import { addAnswers } from '@quizbeam/quiz-engine/answers';
import { useState } from 'react';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch, useQuizStore } from '../store/quizStoreHooks';
import { pastedOptions, pasteResultText } from './pastedOptions';

/** A dropdown's "Paste a list": one option per line, added after the ones it has, up to the cap. */
export function PasteOptions({ questionId }: { questionId: number }) {
  const store = useQuizStore();
  const dispatch = useQuizDispatch();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [result, setResult] = useState<string | null>(null);

  function add() {
    const options = pastedOptions(text);
    if (options.length === 0) return;
    const { added } = addAnswers(store.getState().current, questionId, options);
    if (added > 0) dispatch((current) => addAnswers(current, questionId, options).quiz);
    setResult(pasteResultText(options.length, added));
    setText('');
    setIsOpen(false);
  }

  return (
    <div className="paste-options">
      {isOpen ? (
        <>
          <TextInputField label="Options, one per line" multiline value={text} onChange={setText} />
          <div className="paste-options__actions">
            <button type="button" className="button" onClick={add} disabled={text.trim() === ''}>
              Add Options
            </button>
            <button type="button" className="button button--secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setIsOpen(true);
            setResult(null);
          }}
        >
          Paste a list
        </button>
      )}
      <p role="status" className="item-editor__note">
        {result}
      </p>
    </div>
  );
}
