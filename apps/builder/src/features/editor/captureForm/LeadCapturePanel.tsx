import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { WebAddressField } from '../../../ui/WebAddressField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CapturePanel } from './CapturePanel';
import { setLeadCaptureSettings } from './captureFormActions';
import { LeadFormPlacementField } from './LeadFormPlacementField';

export function LeadCapturePanel() {
  const settings = useQuizSelector((quiz) => quiz.leadCaptureSettings);
  const dispatch = useQuizDispatch();
  return (
    <CapturePanel title="Lead Capture">
      <Toggle
        label="Enable Lead Capture"
        checked={settings.enabled}
        onChange={(enabled) => dispatch(setLeadCaptureSettings({ enabled }))}
      />
      <Toggle
        label="Skippable"
        checked={settings.skippable}
        onChange={(skippable) => dispatch(setLeadCaptureSettings({ skippable }))}
      />
      <LeadFormPlacementField />
      <Toggle
        label="Use Confirmation Checkbox"
        checked={settings.useConfirmationCheckbox}
        onChange={(useConfirmationCheckbox) => dispatch(setLeadCaptureSettings({ useConfirmationCheckbox }))}
      />
      <TextInputField
        label="Confirmation Checkbox Text"
        multiline
        value={settings.confirmationCheckboxText}
        disabled={!settings.useConfirmationCheckbox}
        onChange={(confirmationCheckboxText) =>
          dispatch(setLeadCaptureSettings({ confirmationCheckboxText }), {
            coalesceKey: 'capture-confirmation-text',
          })
        }
      />
      <WebAddressField
        label="Privacy Policy URL"
        placeholder="https://example.com/privacy"
        value={settings.privacyPolicyUrl}
        onChange={(privacyPolicyUrl) =>
          dispatch(setLeadCaptureSettings({ privacyPolicyUrl }), { coalesceKey: 'capture-privacy-url' })
        }
      />
    </CapturePanel>
  );
}
