import type { LeadCaptureSettings } from '@quizbeam/contracts/quiz';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { ConversionApiPicker } from '../../conversionApis/ConversionApiPicker';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CapturePanel } from './CapturePanel';
import { setLeadCaptureSettings } from './captureFormActions';
import { DestinationFields } from './DestinationFields';
import { IntegrationConnectionPicker } from './IntegrationTargetPicker';

export const SEGMENTED_DESTINATION_NOTE =
  'Segment by Outcome is on: each outcome sends its leads where its own settings below say.';

const destinationTypes: { value: LeadCaptureSettings['type']; label: string }[] = [
  { value: 'api', label: 'An integration' },
  { value: 'html-form', label: 'An HTML form' },
];

/**
 * Form Settings (which kind of destination) and Form Integrations (which one, the webhooks, and the conversion
 * APIs, which are the quiz's whatever the outcome).
 */
export function FormSettingsPanels() {
  const settings = useQuizSelector((quiz) => quiz.leadCaptureSettings);
  const dispatch = useQuizDispatch();
  return (
    <>
      <CapturePanel title="Form Settings">
        <Dropdown
          label="Send Leads To"
          options={destinationTypes}
          value={settings.type}
          searchable={false}
          onChange={(type) => dispatch(setLeadCaptureSettings({ type }))}
        />
      </CapturePanel>
      <CapturePanel title="Form Integrations">
        {settings.usePerOutcomeSettings ? (
          <>
            {/* Each outcome picks its own list, all of the one connection chosen here. */}
            {settings.type === 'api' && <IntegrationConnectionPicker />}
            <p className="editor-tab-card__note">{SEGMENTED_DESTINATION_NOTE}</p>
          </>
        ) : (
          <DestinationFields
            type={settings.type}
            destination={settings}
            onChange={(patch) => dispatch(setLeadCaptureSettings(patch))}
          />
        )}
        <ConversionApiPicker
          conversionApiIds={settings.conversionApiIds ?? []}
          onChange={(conversionApiIds) => dispatch(setLeadCaptureSettings({ conversionApiIds }))}
        />
      </CapturePanel>
    </>
  );
}
