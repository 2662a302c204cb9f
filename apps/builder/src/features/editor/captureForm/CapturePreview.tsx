import type { Quiz } from '@quizbeam/contracts/quiz';
import { captureScreenHtml } from '@quizbeam/player/captureScreen';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { useQuiz } from '../store/quizStoreHooks';
import { capturePreviewView } from './capturePreviewView';
import { outcomeCaptureTitle } from './outcomeCaptureTitle';
import { paintPreviewFrame } from './previewFrameDocument';

export const CAPTURE_PREVIEW_TITLE = 'Capture form preview';
/** Same origin so the editor can write into it; no allow-scripts, so nothing in it ever runs. */
export const CAPTURE_PREVIEW_SANDBOX = 'allow-same-origin';
export const CAPTURE_OFF_NOTE = 'Lead capture is off: visitors go straight to their outcome.';

function useScreenHtml(quiz: Quiz, outcomeId: string) {
  const settings = quiz.leadCaptureSettings;
  const outcome = quiz.outcomes.find((candidate) => String(candidate.id) === outcomeId) ?? null;
  return useMemo(() => captureScreenHtml(capturePreviewView(settings, outcome)), [settings, outcome]);
}

/** The capture screen as the published page renders it, beside the settings, updated as they change. */
export function CapturePreview() {
  const quiz = useQuiz();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const outcomes = useMemo(() => sortByRank(quiz.outcomes), [quiz.outcomes]);
  const [chosenOutcomeId, setChosenOutcomeId] = useState('');
  const isSegmented = quiz.leadCaptureSettings.usePerOutcomeSettings && outcomes.length > 0;
  const outcomeId = outcomes.some((outcome) => String(outcome.id) === chosenOutcomeId)
    ? chosenOutcomeId
    : String(outcomes[0]?.id ?? '');
  const screenHtml = useScreenHtml(quiz, outcomeId);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const paint = () => paintPreviewFrame(frame, screenHtml, quiz);
    paint();
    // Should the frame load its empty document again, the screen is written into the new one.
    frame.addEventListener('load', paint);
    return () => frame.removeEventListener('load', paint);
  }, [screenHtml, quiz]);

  return (
    <aside className="card capture-form__preview" aria-label="Preview">
      <h2 className="capture-form__panel-title">Preview</h2>
      {!quiz.leadCaptureSettings.enabled && <p className="editor-tab-card__note">{CAPTURE_OFF_NOTE}</p>}
      {isSegmented && (
        <Dropdown
          label="Preview Outcome"
          options={outcomes.map((outcome) => ({
            value: String(outcome.id),
            label: outcomeCaptureTitle(outcome),
          }))}
          value={outcomeId}
          onChange={setChosenOutcomeId}
        />
      )}
      <iframe
        ref={frameRef}
        title={CAPTURE_PREVIEW_TITLE}
        sandbox={CAPTURE_PREVIEW_SANDBOX}
        className="capture-form__preview-frame"
      />
    </aside>
  );
}
