import { PREVIEW_DEVICE_LABELS, type PreviewDevice } from '../../preview/previewDevices';
import '../../preview/DeviceFrame.css';

const DEVICES: PreviewDevice[] = ['phone', 'desktop'];

/*
 * The full-screen previews' Phone / Desktop switch (PreviewWidthSwitch), named for the pane: on the Capture
 * Form tab both show at once, and two groups of one name would not say which preview each one sets.
 */
export const LIVE_PREVIEW_DEVICE_LABEL = 'Live preview device';

export function LivePreviewDeviceSwitch({
  device,
  onChange,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields; a fieldset would need a legend
    <div className="preview-width-switch" role="group" aria-label={LIVE_PREVIEW_DEVICE_LABEL}>
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
