import { isColorChoice } from '@quizbeam/contracts/colorValue';
import { fontStack, webFontOf } from '@quizbeam/contracts/fonts';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { backgroundPicture } from '@quizbeam/player/responsiveImage';
import { effectiveAppearance } from '@quizbeam/themes/effectiveAppearance';
import { fontFaceCss, fontPreloadFiles } from '../../fonts/fontFiles';
import { themeAssetOf } from '../../themes/themeAssets';
import { safeImage } from './safeUrl';

/** Values go into a <style> element: besides parsing as a colour, nothing that could leave the declaration. */
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

/** The marketer's own choices (the non-empty fields) as custom properties over the theme's; '' when none. */
export function overrideStyle(quiz: Quiz): string {
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

export interface PageAppearance {
  /** After the player's CSS: the fonts' @font-face rules, the theme, then the marketer's overrides. */
  css: string;
  /** Font files worth fetching before the CSS asks for them (the first screen's text and buttons). */
  preloadUrls: string[];
  /** The marketer's background picture, first in <body>; '' for the theme's own art. */
  backgroundHtml: string;
  bodyClass: string;
}

/** Everything the page needs to look as designed; `fontBaseUrl` is where /_q/fonts/ is for this page. */
export function pageAppearance(quiz: Quiz, fontBaseUrl: string): PageAppearance {
  const theme = themeAssetOf(quiz.theme);
  const look = effectiveAppearance(theme.definition, quiz);
  const families = [...new Set([look.fontFamily, look.buttonFontFamily, look.ctaFontFamily])].filter(
    (family) => webFontOf(family) !== undefined,
  );
  // The first screen's text in its regular face and its buttons in their bold one (the themes set buttons
  // at 600 where the family has a bold); other faces load as they are drawn, without holding up the page.
  const firstScreenFaces = [
    { family: look.fontFamily, weight: 400 as const },
    {
      family: look.buttonFontFamily,
      weight: webFontOf(look.buttonFontFamily)?.weights.includes(700) ? (700 as const) : (400 as const),
    },
  ];
  const background = safeImage(quiz.backgroundImage);
  return {
    css: `${fontFaceCss(families, fontBaseUrl)}${theme.css}${overrideStyle(quiz)}`,
    preloadUrls: fontPreloadFiles(firstScreenFaces).map((file) => `${fontBaseUrl}/${file}`),
    backgroundHtml: background ? backgroundPicture(background) : '',
    bodyClass: background ? 'qb-has-bg' : '',
  };
}
