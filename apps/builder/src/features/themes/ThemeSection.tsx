import { useId, useState } from 'react';
import { useMe } from '../session/useMe';
import { ThemeGallery } from './ThemeGallery';
import { ThemePreviewModal } from './ThemePreviewModal';
import { ThemesStatus } from './ThemesStatus';
import { themeOfQuiz } from './themeLookup';
import { useQuizTheme } from './useQuizTheme';
import { useThemes } from './useThemes';
import './ThemeSection.css';

/** The Configure tab's theme choice: every theme as a card with Select and Preview. */
export function ThemeSection() {
  const headingId = useId();
  const accountId = useMe().account.id;
  const themes = useThemes();
  const { themeId, chooseTheme } = useQuizTheme();
  const [previewedId, setPreviewedId] = useState<string | null>(null);
  const previewed = previewedId && themes.data ? themeOfQuiz(themes.data, previewedId) : null;

  return (
    <section className="theme-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="field__label theme-section__heading">
        Theme
      </h2>
      {themes.data ? (
        <ThemeGallery
          themes={themes.data}
          selectedThemeId={themeId}
          onSelect={chooseTheme}
          onPreview={setPreviewedId}
        />
      ) : (
        <ThemesStatus failed={themes.isError} />
      )}
      {previewed && (
        <ThemePreviewModal
          accountId={accountId}
          theme={previewed}
          selected={previewed.id === themeId}
          onSelect={() => {
            chooseTheme(previewed.id);
            setPreviewedId(null);
          }}
          onClose={() => setPreviewedId(null)}
        />
      )}
    </section>
  );
}
