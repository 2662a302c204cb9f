import { PREVIEW_DEVICE_LABELS, PREVIEW_WIDTH_LABEL, type PreviewDevice } from './previewDevices';
import './DeviceFrame.css';

const DEVICES: PreviewDevice[] = ['phone', 'desktop'];

/**
 * Phone or desktop width for a page preview: two pressed-or-not buttons. `label` names the group where two
 * previews show at once (the live preview beside the Capture Form tab's own).
 */
export function PreviewWidthSwitch({
  device,
  onChange,
  label = PREVIEW_WIDTH_LABEL,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
  label?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields; a fieldset would need a legend
    <div className="preview-width-switch" role="group" aria-label={label}>
      {DEVICES.map((option) => (
        <button
          key={option}
          type="button"
          className="button button--secondary preview-width-switch__option"
          aria-pressed={device === option}
          onClick={() => onChange(option)}
        >
          {PREVIEW_DEVICE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
