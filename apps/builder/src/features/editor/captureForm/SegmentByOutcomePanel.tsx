import type { Outcome } from '@quizbeam/contracts/quiz';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { useId } from 'react';
import { Link } from 'react-router';
import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { WebAddressField } from '../../../ui/WebAddressField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CapturePanel } from './CapturePanel';
import { setLeadCaptureSettings, setOutcomeLeadCaptureSettings } from './captureFormActions';
import { capturePreviewView } from './capturePreviewView';
import { DestinationFields } from './DestinationFields';
import { outcomeCaptureTitle } from './outcomeCaptureTitle';

export const SEGMENT_NOTE =
  'Each outcome gets its own destination and texts; an empty text uses the quiz’s own.';
export const NO_OUTCOMES_TEXT = 'This quiz has no outcomes yet.';

function OutcomeCaptureSettings({ outcome }: { outcome: Outcome }) {
  const titleId = useId();
  const type = useQuizSelector((quiz) => quiz.leadCaptureSettings.type);
  const quizTexts = useQuizSelector((quiz) => quiz.leadCaptureSettings);
  const dispatch = useQuizDispatch();
  // What an empty field shows on the live page: the quiz's own text (the default where that is empty too).
  const fallback = capturePreviewView(quizTexts, null);
  const settings = outcome.leadCaptureSettings;
  const key = (field: string) => ({ coalesceKey: `capture-outcome-${outcome.id}-${field}` });
  return (
    <section className="capture-form__outcome" aria-labelledby={titleId}>
      <h3 id={titleId} className="capture-form__outcome-title">
        {outcomeCaptureTitle(outcome)}
      </h3>
      <DestinationFields
        type={type}
        isOutcome
        destination={settings}
        onChange={(patch) => dispatch(setOutcomeLeadCaptureSettings(outcome.id, patch))}
      />
      <TextInputField
        label="Header"
        value={settings.headerText}
        placeholder={fallback.headerText}
        onChange={(headerText) =>
          dispatch(setOutcomeLeadCaptureSettings(outcome.id, { headerText }), key('header'))
        }
      />
      <TextInputField
        label="Description"
        multiline
        value={settings.descriptionText}
        placeholder={fallback.descriptionText}
        onChange={(descriptionText) =>
          dispatch(setOutcomeLeadCaptureSettings(outcome.id, { descriptionText }), key('description'))
        }
      />
      <TextInputField
        label="Footer Note"
        multiline
        value={settings.dataUsageNote}
        placeholder={fallback.dataUsageNote}
        onChange={(dataUsageNote) =>
          dispatch(setOutcomeLeadCaptureSettings(outcome.id, { dataUsageNote }), key('footer-note'))
        }
      />
      <WebAddressField
        label="Privacy Policy URL"
        value={settings.privacyPolicyUrl}
        placeholder={fallback.privacyPolicyUrl || undefined}
        onChange={(privacyPolicyUrl) =>
          dispatch(setOutcomeLeadCaptureSettings(outcome.id, { privacyPolicyUrl }), key('privacy-url'))
        }
      />
    </section>
  );
}

export function SegmentByOutcomePanel() {
  const isSegmented = useQuizSelector((quiz) => quiz.leadCaptureSettings.usePerOutcomeSettings);
  const outcomes = useQuizSelector((quiz) => quiz.outcomes);
  const dispatch = useQuizDispatch();
  return (
    <CapturePanel title="Segment by Outcome">
      <Toggle
        label="Segment by Outcome"
        checked={isSegmented}
        onChange={(usePerOutcomeSettings) => dispatch(setLeadCaptureSettings({ usePerOutcomeSettings }))}
      />
      {isSegmented && <p className="editor-tab-card__note">{SEGMENT_NOTE}</p>}
      {isSegmented && outcomes.length === 0 && (
        <div className="capture-form__empty">
          <p>{NO_OUTCOMES_TEXT}</p>
          <Link to="../outcomes">Add outcomes</Link>
        </div>
      )}
      {isSegmented &&
        sortByRank(outcomes).map((outcome) => <OutcomeCaptureSettings key={outcome.id} outcome={outcome} />)}
    </CapturePanel>
  );
}
