import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CapturePanel } from './CapturePanel';
import { setLeadCaptureSettings } from './captureFormActions';

export function TextSettingsPanel() {
  const settings = useQuizSelector((quiz) => quiz.leadCaptureSettings);
  const dispatch = useQuizDispatch();
  return (
    <CapturePanel title="Text Settings">
      <TextInputField
        label="Header"
        value={settings.headerText}
        onChange={(headerText) =>
          dispatch(setLeadCaptureSettings({ headerText }), { coalesceKey: 'capture-header' })
        }
      />
      <TextInputField
        label="Description"
        multiline
        value={settings.descriptionText}
        onChange={(descriptionText) =>
          dispatch(setLeadCaptureSettings({ descriptionText }), { coalesceKey: 'capture-description' })
        }
      />
      <TextInputField
        label="Footer Note"
        multiline
        value={settings.dataUsageNote}
        onChange={(dataUsageNote) =>
          dispatch(setLeadCaptureSettings({ dataUsageNote }), { coalesceKey: 'capture-footer-note' })
        }
      />
    </CapturePanel>
  );
}
