import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Theme } from '@quizbeam/contracts/themes';
import { useCallback } from 'react';
import { useQuizSelectorWithEquality } from '../store/quizStoreHooks';
import { AppearanceField } from './AppearanceField';
import { APPEARANCE_GROUPS } from './appearanceFields';
import { contrastWarnings, sameContrastWarnings } from './contrastWarnings';

/**
 * Main Text, Buttons and Call to Action: each field over the current theme's defaults. Each text colour says
 * when it reads badly on its background on the live page; a warning only, saving is never held up by it.
 */
export function AppearanceFieldGroups({ theme }: { theme: Theme }) {
  const warnings = useQuizSelectorWithEquality(
    useCallback((quiz: Quiz) => contrastWarnings(theme, quiz), [theme]),
    sameContrastWarnings,
  );
  return (
    <>
      {APPEARANCE_GROUPS.map((group) => (
        <fieldset key={group.title} className="editor-tab-card__fieldset appearance-group">
          <legend className="field__label">{group.title}</legend>
          <div className="appearance-group__fields">
            {group.fields.map((spec) => (
              <AppearanceField
                key={spec.field}
                spec={spec}
                theme={theme}
                warning={spec.contrastPair ? warnings[spec.contrastPair] : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
