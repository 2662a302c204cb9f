import { themePreviewPath } from '@quizbeam/contracts/themes';
import { apiBaseUrl } from '../../api/apiClient';
import { Modal } from '../../ui/modal/Modal';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { SELECT_TEXT, SELECTED_TEXT, themeFrameTitle } from './themeTexts';

interface ThemePreviewModalProps {
  accountId: string;
  theme: { id: string; name: string };
  /** The quiz already uses this theme: Select shows "Selected" and does nothing. */
  selected: boolean;
  onSelect: () => void;
  onClose: () => void;
}

/**
 * A sample quiz in a theme (spec §7 theme preview), framed like the quiz Preview: the server answers a
 * sandboxed page from the app's own host, and the frame's sandbox keeps it from the builder's origin.
 */
export function ThemePreviewModal({ accountId, theme, selected, onSelect, onClose }: ThemePreviewModalProps) {
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
      <iframe
        className="modal__frame"
        title={themeFrameTitle(theme.name)}
        src={`${apiBaseUrl()}${themePreviewPath(accountId, theme.id)}`}
        sandbox={PREVIEW_FRAME_SANDBOX}
      />
    </Modal>
  );
}
