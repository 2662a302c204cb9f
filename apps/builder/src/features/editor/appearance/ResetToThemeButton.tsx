import { THEME_APPEARANCE_FIELDS, type ThemeAppearance } from '@quizbeam/contracts/themes';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

export const RESET_TO_THEME_TEXT = 'Reset to theme';

const followTheme = Object.fromEntries(
  THEME_APPEARANCE_FIELDS.map((field) => [field, '']),
) as ThemeAppearance;

/** Clears the eight colours and fonts, so all follow the theme; enabled only when one is set. */
export function ResetToThemeButton() {
  const hasOwnChoice = useQuizSelector((quiz) => THEME_APPEARANCE_FIELDS.some((field) => quiz[field] !== ''));
  const dispatch = useQuizDispatch();
  return (
    <div className="appearance-reset">
      <button
        type="button"
        className="button button--secondary"
        disabled={!hasOwnChoice}
        onClick={() => dispatch(setQuizFields(followTheme))}
      >
        {RESET_TO_THEME_TEXT}
      </button>
    </div>
  );
}
