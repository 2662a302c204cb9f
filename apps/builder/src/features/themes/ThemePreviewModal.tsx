import { themePreviewPath } from '@quizbeam/contracts/themes';
import { useState } from 'react';
import { apiBaseUrl } from '../../api/apiClient';
import { Modal } from '../../ui/modal/Modal';
import { DeviceFrame } from '../preview/DeviceFrame';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { PreviewWidthSwitch } from '../preview/PreviewWidthSwitch';
import type { PreviewDevice } from '../preview/previewDevices';
import { SELECT_TEXT, SELECTED_TEXT, themeFrameTitle } from './themeTexts';
import './ThemePreviewModal.css';

interface ThemePreviewModalProps {
  accountId: string;
  theme: { id: string; name: string };
  /** The quiz already uses this theme: Select shows "Selected" and does nothing. */
  selected: boolean;
  onSelect: () => void;
  onClose: () => void;
}

/**
 * A sample quiz in a theme, framed like the quiz Preview: the server answers a sandboxed page from the app's
 * own host (the published page's markup and CSS), and the frame's sandbox keeps it from the builder's origin.
 * The page is shown as a visitor's window shows it, at a phone's or a desktop's width.
 */
export function ThemePreviewModal({ accountId, theme, selected, onSelect, onClose }: ThemePreviewModalProps) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  return (
    <Modal
      title={theme.name}
      wide="frame"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={selected}
            onClick={() => {
              if (!selected) onSelect();
            }}
          >
            {selected ? SELECTED_TEXT : SELECT_TEXT}
          </button>
        </>
      }
    >
      <PreviewWidthSwitch device={device} onChange={setDevice} />
      <DeviceFrame
        device={device}
        className="theme-preview__screen"
        title={themeFrameTitle(theme.name)}
        src={`${apiBaseUrl()}${themePreviewPath(accountId, theme.id)}`}
        sandbox={PREVIEW_FRAME_SANDBOX}
      />
    </Modal>
  );
}
