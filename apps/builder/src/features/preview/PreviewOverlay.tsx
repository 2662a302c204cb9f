import type { Quiz } from '@quizbeam/contracts/quiz';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogKeyboard } from '../../ui/modal/useDialogKeyboard';
import { Notification } from '../../ui/notifications/Notification';
import { QuizPreviewForm } from './QuizPreviewForm';
import './PreviewOverlay.css';

export const PREVIEW_FRAME_TITLE = 'Quiz preview';
export const PREVIEW_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

interface PreviewOverlayProps {
  quiz: Quiz;
  accountId: string;
  onClose: () => void;
}

/**
 * Full-screen preview over the editor. The server renders the quiz from a form post whose `data` field is the
 * quiz as JSON, with the preview iframe as the form's target.
 */
export function PreviewOverlay({ quiz, accountId, onClose }: PreviewOverlayProps) {
  const titleId = useId();
  const frameName = `quiz-preview-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const overlayRef = useRef<HTMLDivElement>(null);
  useDialogKeyboard(overlayRef, onClose, { focusFirstControl: false, isolateShortcuts: true });

  return createPortal(
    <div
      ref={overlayRef}
      className="preview-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="preview-overlay__bar">
        <h1 id={titleId} className="preview-overlay__title">
          {quiz.name.trim() || 'Untitled quiz'}
        </h1>
        <span className="preview-overlay__label">Preview</span>
        <button
          type="button"
          className="button button--secondary preview-overlay__close"
          aria-label="Close preview"
          onClick={onClose}
        >
          Close
        </button>
      </header>
      {/* Its own notification area, in the flow above the page: the editor's would paint over the page. */}
      <Notification />
      <iframe
        name={frameName}
        title={PREVIEW_FRAME_TITLE}
        sandbox={PREVIEW_FRAME_SANDBOX}
        className="preview-overlay__frame"
      />
      <QuizPreviewForm quiz={quiz} accountId={accountId} target={frameName} />
    </div>,
    document.body,
  );
}
