import { ThemesStatus } from '../../themes/ThemesStatus';
import { themeOfQuiz } from '../../themes/themeLookup';
import { useThemes } from '../../themes/useThemes';
import { EditorTabCard } from '../EditorTabCard';
import { useQuizSelector } from '../store/quizStoreHooks';
import { AppearanceFieldGroups } from './AppearanceFieldGroups';
import { AppearanceImages } from './AppearanceImages';
import { CurrentThemeSection } from './CurrentThemeSection';
import { ResetToThemeButton } from './ResetToThemeButton';
import './AppearanceTab.css';

/** The Appearance tab: the theme, the images, and the colours and fonts over the theme's defaults. */
export function AppearanceTab() {
  const themes = useThemes();
  const themeId = useQuizSelector((quiz) => quiz.theme);
  const theme = themes.data ? themeOfQuiz(themes.data, themeId) : null;

  return (
    <EditorTabCard title="Appearance">
      {themes.data && theme ? (
        <CurrentThemeSection themes={themes.data} theme={theme} />
      ) : (
        <ThemesStatus failed={themes.isError} />
      )}
      <AppearanceImages />
      {theme && (
        <>
          <AppearanceFieldGroups theme={theme} />
          <ResetToThemeButton />
        </>
      )}
    </EditorTabCard>
  );
}
