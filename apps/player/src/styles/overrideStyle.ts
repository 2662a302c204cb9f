import { isColorChoice } from '@quizbeam/contracts/colorValue';
import { fontStack, webFontOf } from '@quizbeam/contracts/fonts';
import type { Quiz } from '@quizbeam/contracts/quiz';

/** Values go into a stylesheet: besides parsing as a colour, nothing that could leave the declaration. */
const CSS_SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([-0-9.%,\s/]{1,60}\))$/i;

const COLOR_PROPERTIES = {
  textColor: 'text',
  buttonBackgroundColor: 'btn-bg',
  buttonTextColor: 'btn-text',
  ctaBackgroundColor: 'cta-bg',
  ctaTextColor: 'cta-text',
} as const;
const FONT_PROPERTIES = {
  fontFamily: 'font',
  buttonFontFamily: 'btn-font',
  ctaFontFamily: 'cta-font',
} as const;

/**
 * The marketer's own choices (the non-empty fields) as custom properties over the theme's; '' when none.
 * The published page puts it after the theme's CSS, and so does the editor's capture form preview.
 */
export function overrideStyle(
  quiz: Pick<Quiz, keyof typeof COLOR_PROPERTIES | keyof typeof FONT_PROPERTIES>,
): string {
  const properties: string[] = [];
  for (const [field, name] of Object.entries(COLOR_PROPERTIES)) {
    const value = quiz[field as keyof typeof COLOR_PROPERTIES].trim();
    if (value && isColorChoice(value) && CSS_SAFE_COLOR.test(value)) properties.push(`--qb-${name}:${value}`);
  }
  for (const [field, name] of Object.entries(FONT_PROPERTIES)) {
    const value = quiz[field as keyof typeof FONT_PROPERTIES];
    if (webFontOf(value)) properties.push(`--qb-${name}:${fontStack(value)}`);
  }
  return properties.length > 0 ? `:root{${properties.join(';')}}` : '';
}
