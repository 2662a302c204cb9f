import { useRef, useState } from 'react';
import { PreviewOverlay } from '../preview/PreviewOverlay';
import { useMe } from '../session/useMe';
import { useQuizStore } from './store/quizStoreHooks';

/** The top bar's Preview: the full-screen preview of the quiz being edited (a template's, in its editor). */
export function PreviewButton() {
  const store = useQuizStore();
  const accountId = useMe().account.id;
  const [isPreviewing, setIsPreviewing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function closePreview() {
    setIsPreviewing(false);
    buttonRef.current?.focus();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        onClick={() => setIsPreviewing(true)}
      >
        Preview
      </button>
      {isPreviewing && (
        <PreviewOverlay quiz={store.getState().current} accountId={accountId} onClose={closePreview} />
      )}
    </>
  );
}
