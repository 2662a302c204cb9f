/** The server's @font-face rules for every listed family at each of its weights (apps/server/src/features/fonts/routes.ts). */
export const FONT_STYLESHEET_URL = '/ui/fonts/fonts.css';
const MARKER_ATTRIBUTE = 'data-web-fonts';

/**
 * Adds the font stylesheet to the page the first time it is asked for; later calls do nothing. Browsers
 * download only the fonts that text is drawn in, so the rules for all 38 families cost one small file.
 */
export function loadFontStylesheet(): void {
  if (document.head.querySelector(`link[${MARKER_ATTRIBUTE}]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = FONT_STYLESHEET_URL;
  link.setAttribute(MARKER_ATTRIBUTE, '');
  document.head.append(link);
}
