import type { Theme } from '@quizbeam/contracts/themes';
import { useState } from 'react';
import { Modal } from '../../../ui/modal/Modal';
import { SmallCardFrame } from '../../../ui/SmallCard';
import { useMe } from '../../session/useMe';
import { ThemeGallery } from '../../themes/ThemeGallery';
import { ThemePicture } from '../../themes/ThemePicture';
import { ThemePreviewModal } from '../../themes/ThemePreviewModal';
import { themeOfQuiz } from '../../themes/themeLookup';
import { EXTRA_THEME_MARK, PREVIEW_TEXT, previewLabel } from '../../themes/themeTexts';
import { useQuizTheme } from '../../themes/useQuizTheme';

export const CHANGE_THEME_TITLE = 'Change Theme';

/** One dialog at a time: a preview opened from the gallery returns to it when closed. */
type OpenDialog = { kind: 'gallery' } | { kind: 'preview'; themeId: string; fromGallery: boolean } | null;

interface CurrentThemeSectionProps {
  themes: readonly Theme[];
  /** The quiz's theme, or its stand-in when the list does not offer it. */
  theme: Theme;
}

/** The quiz's theme as a card, with Change (the gallery in a dialog) and Preview. */
export function CurrentThemeSection({ themes, theme }: CurrentThemeSectionProps) {
  const accountId = useMe().account.id;
  const { themeId, chooseTheme } = useQuizTheme();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const previewed = dialog?.kind === 'preview' ? themeOfQuiz(themes, dialog.themeId) : null;

  function choose(nextThemeId: string) {
    chooseTheme(nextThemeId);
    setDialog(null);
  }

  return (
    <fieldset className="editor-tab-card__fieldset">
      <legend className="field__label">Theme</legend>
      <SmallCardFrame
        title={theme.name}
        media={<ThemePicture theme={theme} />}
        mark={theme.isExtra ? EXTRA_THEME_MARK : undefined}
        actions={
          <>
            <button
              type="button"
              className="button"
              aria-label={`Change theme (${theme.name})`}
              onClick={() => setDialog({ kind: 'gallery' })}
            >
              Change
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={previewLabel(theme.name)}
              onClick={() => setDialog({ kind: 'preview', themeId, fromGallery: false })}
            >
              {PREVIEW_TEXT}
            </button>
          </>
        }
      />
      {dialog?.kind === 'gallery' && (
        <Modal
          title={CHANGE_THEME_TITLE}
          wide="list"
          onClose={() => setDialog(null)}
          footer={
            <button type="button" className="button button--secondary" onClick={() => setDialog(null)}>
              Close
            </button>
          }
        >
          <ThemeGallery
            themes={themes}
            selectedThemeId={themeId}
            onSelect={choose}
            onPreview={(previewedId) =>
              setDialog({ kind: 'preview', themeId: previewedId, fromGallery: true })
            }
          />
        </Modal>
      )}
      {dialog?.kind === 'preview' && previewed && (
        <ThemePreviewModal
          accountId={accountId}
          theme={previewed}
          selected={previewed.id === themeId}
          onSelect={() => choose(previewed.id)}
          onClose={() => setDialog(dialog.fromGallery ? { kind: 'gallery' } : null)}
        />
      )}
    </fieldset>
  );
}
