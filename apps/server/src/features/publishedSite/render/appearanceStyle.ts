import { webFontOf } from '@quizbeam/contracts/fonts';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { overrideStyle } from '@quizbeam/player/overrideStyle';
import { pageBackground } from '@quizbeam/player/pageBody';
import { effectiveAppearance } from '@quizbeam/themes/effectiveAppearance';
import { fontFaceCss, fontPreloadFiles } from '../../fonts/fontFiles';
import { themeAssetOf } from '../../themes/themeAssets';

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
  const background = pageBackground(quiz.backgroundImage);
  return {
    css: `${fontFaceCss(families, fontBaseUrl)}${theme.css}${overrideStyle(quiz)}`,
    preloadUrls: fontPreloadFiles(firstScreenFaces).map((file) => `${fontBaseUrl}/${file}`),
    backgroundHtml: background.html,
    bodyClass: background.bodyClass,
  };
}
