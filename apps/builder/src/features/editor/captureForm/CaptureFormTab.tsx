import { PageHeader } from '../../../ui/PageHeader';
import { CapturePreview } from './CapturePreview';
import { FormFieldsPanel } from './FormFieldsPanel';
import { FormSettingsPanels } from './FormSettingsPanels';
import { LeadCapturePanel } from './LeadCapturePanel';
import { LeadNotificationsPanel } from './LeadNotificationsPanel';
import { SegmentByOutcomePanel } from './SegmentByOutcomePanel';
import { TextSettingsPanel } from './TextSettingsPanel';
import './CaptureFormTab.css';

/** The Capture Form tab: the lead capture settings beside a live preview of the form. */
export function CaptureFormTab() {
  return (
    <>
      <PageHeader title="Capture Form" />
      <div className="capture-form">
        <div className="capture-form__settings">
          <LeadCapturePanel />
          <TextSettingsPanel />
          <FormFieldsPanel />
          <FormSettingsPanels />
          <SegmentByOutcomePanel />
          <LeadNotificationsPanel />
        </div>
        <CapturePreview />
      </div>
    </>
  );
}
