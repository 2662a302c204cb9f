import type { Theme } from '@quizbeam/contracts/themes';
import { AppearanceField } from './AppearanceField';
import { APPEARANCE_GROUPS } from './appearanceFields';

/** Main Text, Buttons and Call to Action: each field over the current theme's defaults. */
export function AppearanceFieldGroups({ theme }: { theme: Theme }) {
  return (
    <>
      {APPEARANCE_GROUPS.map((group) => (
        <fieldset key={group.title} className="editor-tab-card__fieldset appearance-group">
          <legend className="field__label">{group.title}</legend>
          <div className="appearance-group__fields">
            {group.fields.map((spec) => (
              <AppearanceField key={spec.field} spec={spec} theme={theme} />
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
