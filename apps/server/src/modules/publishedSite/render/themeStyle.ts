import type { Quiz } from '@quizbeam/contracts/quiz';
import { safeImageUrl } from './safeUrl';

// Values go into a <style> element, so anything outside these shapes is dropped (the default applies).
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([-0-9.%,\s/]{1,60}\))$/i;
const FONT = /^[a-z0-9][a-z0-9 -]{0,59}$/i;
const FONT_FALLBACK = 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';
const DARK_CARD = 'rgba(17,24,39,.88)';

/** Relative luminance (0 black, 1 white) of a hex or rgb() colour, or null when it cannot tell. */
export function colorLuminance(color: string): number | null {
  const value = color.trim().toLowerCase();
  let channels: number[] | null = null;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    channels = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16));
  } else if (value === 'white') {
    channels = [255, 255, 255];
  } else {
    const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value);
    if (rgb) channels = [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel)));
  }
  if (!channels) return null;
  const [r = 0, g = 0, b = 0] = channels.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A URL as a CSS string: every character that could end the string or the style element is encoded. */
const cssUrl = (url: string) =>
  `url("${url.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (char) => encodeURIComponent(char))}")`;

/** The quiz's look as CSS custom properties overriding the player's defaults; '' when nothing is set. */
export function themeStyle(quiz: Quiz): string {
  const properties: string[] = [];
  const color = (name: string, value: string) => {
    const trimmed = value.trim();
    if (COLOR.test(trimmed)) properties.push(`--qb-${name}:${trimmed}`);
  };
  const font = (name: string, value: string) => {
    const trimmed = value.trim().replace(/\s+/g, ' ');
    if (FONT.test(trimmed)) properties.push(`--qb-${name}:"${trimmed}",${FONT_FALLBACK}`);
  };
  color('text', quiz.textColor);
  font('font', quiz.fontFamily);
  color('btn-bg', quiz.buttonBackgroundColor);
  color('btn-text', quiz.buttonTextColor);
  font('btn-font', quiz.buttonFontFamily);
  color('cta-bg', quiz.ctaBackgroundColor);
  color('cta-text', quiz.ctaTextColor);
  font('cta-font', quiz.ctaFontFamily);
  const background = safeImageUrl(quiz.backgroundImage?.url ?? '');
  if (background) properties.push(`--qb-bg:${cssUrl(background)}`);
  // Light text needs a dark card behind it to stay readable.
  const luminance = colorLuminance(quiz.textColor);
  if (luminance !== null && luminance > 0.5)
    properties.push(`--qb-card:${DARK_CARD};--qb-muted:rgba(255,255,255,.25)`);
  return properties.length > 0 ? `:root{${properties.join(';')}}` : '';
}
