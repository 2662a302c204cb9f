import type { ThemeAppearance } from '@quizbeam/contracts/themes';

export type AppearanceFieldName = keyof ThemeAppearance;

export interface AppearanceFieldSpec {
  kind: 'color' | 'font';
  field: AppearanceFieldName;
  label: string;
  /**
   * For a text colour, what it is read against: the theme's surface, or the effective value of a background
   * field. The picker warns when the contrast is below AA.
   */
  readAgainst?: 'surface' | AppearanceFieldName;
}

export interface AppearanceGroupSpec {
  title: string;
  fields: AppearanceFieldSpec[];
}

/** The Appearance tab's groups, in the spec's order (§2 Appearance). */
export const APPEARANCE_GROUPS: readonly AppearanceGroupSpec[] = [
  {
    title: 'Main Text',
    fields: [
      { kind: 'color', field: 'textColor', label: 'Text Color', readAgainst: 'surface' },
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
        readAgainst: 'buttonBackgroundColor',
      },
    ],
  },
  {
    title: 'Call to Action',
    fields: [
      { kind: 'font', field: 'ctaFontFamily', label: 'CTA Font' },
      { kind: 'color', field: 'ctaBackgroundColor', label: 'CTA Background Color' },
      { kind: 'color', field: 'ctaTextColor', label: 'CTA Text Color', readAgainst: 'ctaBackgroundColor' },
    ],
  },
];
