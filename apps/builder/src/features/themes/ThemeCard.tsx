import type { Theme } from '@quizbeam/contracts/themes';
import { memo } from 'react';
import { SmallCardFrame } from '../../ui/SmallCard';
import { ThemePicture } from './ThemePicture';
import {
  EXTRA_THEME_MARK,
  PREVIEW_TEXT,
  previewLabel,
  SELECT_TEXT,
  SELECTED_TEXT,
  selectLabel,
} from './themeTexts';

interface ThemeCardProps {
  theme: Theme;
  selected: boolean;
  onSelect: (themeId: string) => void;
  onPreview: (themeId: string) => void;
}

/**
 * One theme in the gallery. Memoised: with stable callbacks, choosing a theme re-renders only the two cards
 * whose `selected` changed. Select stays focusable when selected (aria-disabled), so focus is not lost.
 */
export const ThemeCard = memo(function ThemeCard({ theme, selected, onSelect, onPreview }: ThemeCardProps) {
  return (
    <SmallCardFrame
      title={theme.name}
      selected={selected}
      media={<ThemePicture theme={theme} />}
      mark={theme.isExtra ? EXTRA_THEME_MARK : undefined}
      actions={
        <>
          <button
            type="button"
            className="button"
            aria-disabled={selected}
            aria-label={selectLabel(theme.name, selected)}
            onClick={() => {
              if (!selected) onSelect(theme.id);
            }}
          >
            {selected ? SELECTED_TEXT : SELECT_TEXT}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label={previewLabel(theme.name)}
            onClick={() => onPreview(theme.id)}
          >
            {PREVIEW_TEXT}
          </button>
        </>
      }
    />
  );
});
