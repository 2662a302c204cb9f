import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import { Link } from 'react-router';
import { Toggle } from '../../../ui/Toggle';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { AccountTagsSummary } from './AccountTagsSummary';
import { TagIdFields } from './TagIdFields';
import { TrackingSection } from './TrackingSection';
import { setOwnTracking, setUseAccountDefaults, trackingOf } from './trackingActions';
import {
  ASK_CONSENT_HINT,
  ASK_CONSENT_LABEL,
  BROWSER_TAGS_TITLE,
  SERVER_SIDE_CONVERSIONS_TEXT,
  TAG_ID_BLANK_NOTE,
  TRACKING_EVENTS_NOTE,
  TRACKING_REPUBLISH_NOTE,
  USE_ACCOUNT_DEFAULTS_LABEL,
} from './trackingTexts';
import { useTagIdDrafts } from './useTagIdDrafts';

/** The quiz's own tags: the three IDs and the consent question. */
function OwnTags({ own }: { own: BrowserTracking }) {
  const dispatch = useQuizDispatch();
  const drafts = useTagIdDrafts(own, (key, value) =>
    dispatch((quiz) => setOwnTracking(quiz, { [key]: value }), { coalesceKey: `tracking-${key}` }),
  );
  return (
    <>
      <p className="tracking__note">{TAG_ID_BLANK_NOTE}</p>
      <TagIdFields {...drafts} />
      <div>
        <Toggle
          label={ASK_CONSENT_LABEL}
          checked={own.askConsent}
          onChange={(askConsent) => dispatch((quiz) => setOwnTracking(quiz, { askConsent }))}
        />
        <p className="field__hint">{ASK_CONSENT_HINT}</p>
      </div>
    </>
  );
}

/** Google Tag Manager, Google Analytics 4 and Meta Pixel by ID: the account's, or the quiz's own. */
export function BrowserTagsSection() {
  const { useAccountDefaults, own } = trackingOf(useQuizSelector((quiz) => quiz.tracking));
  const dispatch = useQuizDispatch();
  return (
    <TrackingSection title={BROWSER_TAGS_TITLE}>
      <Toggle
        label={USE_ACCOUNT_DEFAULTS_LABEL}
        checked={useAccountDefaults}
        onChange={(checked) => dispatch((quiz) => setUseAccountDefaults(quiz, checked))}
      />
      {useAccountDefaults ? <AccountTagsSummary /> : <OwnTags own={own} />}
      <p className="tracking__note">{TRACKING_EVENTS_NOTE}</p>
      <p className="tracking__note">{TRACKING_REPUBLISH_NOTE}</p>
      <p className="tracking__note">
        {SERVER_SIDE_CONVERSIONS_TEXT} <Link to="../capture-form">Capture Form ▸ Form Integrations</Link>.
      </p>
    </TrackingSection>
  );
}
