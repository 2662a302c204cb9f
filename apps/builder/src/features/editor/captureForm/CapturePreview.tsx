import type { Quiz } from '@quizbeam/contracts/quiz';
import { captureScreenHtml } from '@quizbeam/player/captureScreen';
import { visitorLeadCaptureSettings } from '@quizbeam/player/visitorLeadCapture';
import { withVisitorTexts } from '@quizbeam/player/visitorText';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { DeviceFrame } from '../../preview/DeviceFrame';
import { PreviewWidthSwitch } from '../../preview/PreviewWidthSwitch';
import type { PreviewDevice } from '../../preview/previewDevices';
import { useThemeStylesheet } from '../../themes/useThemeStylesheet';
import { useQuizVisitorTexts } from '../language/useQuizVisitorTexts';
import { useQuiz } from '../store/quizStoreHooks';
import { capturePreviewView } from './capturePreviewView';
import { outcomeCaptureTitle } from './outcomeCaptureTitle';
import { paintPreviewFrame } from './previewFrameDocument';
import './CapturePreview.css';

export const CAPTURE_PREVIEW_TITLE = 'Capture form preview';
/** Same origin so the editor can write into it; no allow-scripts, so nothing in it ever runs. */
export const CAPTURE_PREVIEW_SANDBOX = 'allow-same-origin';
export const CAPTURE_OFF_NOTE = 'Lead capture is off: visitors go straight to their outcome.';

/** The screen in the quiz's language, Quizbeam's empty-text defaults in it too. */
function useScreenHtml(quiz: Quiz, outcomeId: string, visitor: ReturnType<typeof useQuizVisitorTexts>) {
  const settings = quiz.leadCaptureSettings;
  const outcome = quiz.outcomes.find((candidate) => String(candidate.id) === outcomeId) ?? null;
  return useMemo(
    () =>
      withVisitorTexts(visitor.language, visitor.texts, () =>
        captureScreenHtml(capturePreviewView(visitorLeadCaptureSettings(settings, visitor.texts), outcome)),
      ),
    [settings, outcome, visitor],
  );
}

/**
 * The capture screen as the published page renders it (the player's markup, the theme's and the quiz's
 * CSS), at a phone's or a desktop's width, beside the settings and updated as they change.
 */
export function CapturePreview() {
  const quiz = useQuiz();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const outcomes = useMemo(() => sortByRank(quiz.outcomes), [quiz.outcomes]);
  const [chosenOutcomeId, setChosenOutcomeId] = useState('');
  const [device, setDevice] = useState<PreviewDevice>('phone');
  const themeCss = useThemeStylesheet(quiz.theme);
  const isSegmented = quiz.leadCaptureSettings.usePerOutcomeSettings && outcomes.length > 0;
  const outcomeId = outcomes.some((outcome) => String(outcome.id) === chosenOutcomeId)
    ? chosenOutcomeId
    : String(outcomes[0]?.id ?? '');
  const visitor = useQuizVisitorTexts(quiz.language);
  const screenHtml = useScreenHtml(quiz, outcomeId, visitor);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const paint = () => paintPreviewFrame(frame, { screenHtml, quiz, themeCss, visitor });
    paint();
    // Should the frame load its empty document again, the screen is written into the new one.
    frame.addEventListener('load', paint);
    return () => frame.removeEventListener('load', paint);
  }, [screenHtml, quiz, themeCss, visitor]);

  return (
    <aside className="card capture-form__preview" aria-label="Preview">
      <div className="capture-preview__heading">
        <h2 className="capture-form__panel-title">Preview</h2>
        <PreviewWidthSwitch device={device} onChange={setDevice} />
      </div>
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
      <DeviceFrame
        device={device}
        frameRef={frameRef}
        title={CAPTURE_PREVIEW_TITLE}
        sandbox={CAPTURE_PREVIEW_SANDBOX}
        className="capture-preview__screen"
      />
    </aside>
  );
}
