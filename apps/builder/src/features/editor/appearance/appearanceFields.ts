import type { ThemeAppearance } from '@quizbeam/contracts/themes';
import type { ContrastPair } from '@quizbeam/themes/appearanceContrast';

export type AppearanceFieldName = keyof ThemeAppearance;

export interface AppearanceFieldSpec {
  kind: 'color' | 'font';
  field: AppearanceFieldName;
  label: string;
  /** For a text colour, the pair of the live page it colours: its field shows that pair's contrast warning. */
  contrastPair?: ContrastPair;
}

export interface AppearanceGroupSpec {
  title: string;
  fields: AppearanceFieldSpec[];
}

/** The Appearance tab's groups, in the order the tab shows them. */
export const APPEARANCE_GROUPS: readonly AppearanceGroupSpec[] = [
  {
    title: 'Main Text',
    fields: [
      { kind: 'color', field: 'textColor', label: 'Text Color', contrastPair: 'text' },
      { kind: 'font', field: 'fontFamily', label: 'Font' },
    ],
  },
  {
    title: 'Buttons',
    fields: [
      { kind: 'font', field: 'buttonFontFamily', label: 'Button Font' },
      { kind: 'color', field: 'buttonBackgroundColor', label: 'Button Background Color' },
      {
        kind: 'color',
        field: 'buttonTextColor',
        label: 'Button Text Color',
        contrastPair: 'button',
      },
    ],
  },
  {
    title: 'Call to Action',
    fields: [
      { kind: 'font', field: 'ctaFontFamily', label: 'CTA Font' },
      { kind: 'color', field: 'ctaBackgroundColor', label: 'CTA Background Color' },
      { kind: 'color', field: 'ctaTextColor', label: 'CTA Text Color', contrastPair: 'cta' },
    ],
  },
];
