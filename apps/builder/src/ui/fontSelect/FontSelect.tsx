import { WEB_FONTS } from '@quizbeam/contracts/fonts';
import { useEffect, useMemo } from 'react';
import { Dropdown } from '../dropdown/Dropdown';
import type { DropdownOption } from '../dropdown/filterOptions';
import { fontStyleOf } from './fontStack';
import { loadFontStylesheet } from './fontStylesheet';

export const themeFontLabel = (family: string): string => `Theme font (${family})`;

const familyOptions: DropdownOption<string>[] = WEB_FONTS.map((font) => ({
  value: font.family,
  label: font.family,
  style: fontStyleOf(font.family),
}));

interface FontSelectProps {
  label: string;
  /** '' when the theme's font applies, else one of the listed families. */
  value: string;
  onChange: (value: string) => void;
  /** The theme's font family, named (and drawn) in the '' option. */
  themeDefault: string;
  disabled?: boolean;
}

/**
 * A searchable choice of the 38 web fonts, each name drawn in its own font. The fonts' stylesheet (about
 * 1 KB: @font-face rules only) is added when a font choice is shown, so the closed field is drawn in its
 * font too; browsers then download only the fonts actually drawn.
 */
export function FontSelect({ label, value, onChange, themeDefault, disabled = false }: FontSelectProps) {
  const options = useMemo<DropdownOption<string>[]>(
    () => [
      { value: '', label: themeFontLabel(themeDefault), style: fontStyleOf(themeDefault) },
      ...familyOptions,
    ],
    [themeDefault],
  );
  useEffect(loadFontStylesheet, []);
  return <Dropdown label={label} options={options} value={value} onChange={onChange} disabled={disabled} />;
}
