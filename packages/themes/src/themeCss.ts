import { fontStack } from '@quizbeam/contracts/fonts';
import { answerStyleCss } from './answerStyles';
import { artBackgroundCss } from './art/themeArt';
import { boldWeightOf } from './fontWeight';
import { buttonRadius, buttonShapeCss, CARD_RADII, cardBorderCss, cardShadow, fieldRadius } from './shapeCss';
import { cssSurface, errorColor, panelColor } from './themeColors';
import type { ThemeDefinition } from './themeDefinition';

/*
 * A theme's stylesheet, appended after PLAYER_CSS on the published page. The marketer's own colours and
 * fonts follow it as `:root{--qb-…}`, so every rule paints through the variables, never a fixed colour
 * that one of those fields should change.
 */

function rootVariables(theme: ThemeDefinition): string {
  const { defaults, design } = theme;
  const variables: [string, string][] = [
    ['text', defaults.textColor],
    ['font', fontStack(defaults.fontFamily)],
    ['btn-bg', defaults.buttonBackgroundColor],
    ['btn-text', defaults.buttonTextColor],
    ['btn-font', fontStack(defaults.buttonFontFamily)],
    ['cta-bg', defaults.ctaBackgroundColor],
    ['cta-text', defaults.ctaTextColor],
    ['cta-font', fontStack(defaults.ctaFontFamily)],
    ['page', design.pageColor],
    ['surface', cssSurface(theme)],
    ['card', design.layout === 'card' ? design.surfaceColor : 'transparent'],
    ['panel', panelColor(theme)],
    ['radius', CARD_RADII[design.card.radius]],
    ['btn-radius', buttonRadius(design.buttonShape)],
    ['field-radius', fieldRadius(design.buttonShape)],
    ['shadow', design.layout === 'card' ? cardShadow(design.card) : 'none'],
    ['muted', 'color-mix(in srgb,var(--qb-text) 18%,transparent)'],
    ['error', errorColor(theme)],
    ['title-font', design.title.font === 'button' ? 'var(--qb-btn-font)' : 'var(--qb-font)'],
  ];
  return `:root{${variables.map(([name, value]) => `--qb-${name}:${value}`).join(';')}}`;
}

function typographyCss(theme: ThemeDefinition): string {
  const { title, uppercaseButtons } = theme.design;
  const titleFamily = title.font === 'button' ? theme.defaults.buttonFontFamily : theme.defaults.fontFamily;
  const titleRules = [`font-weight:${Math.min(title.weight, boldWeightOf(titleFamily))}`];
  if (title.uppercase) titleRules.push('text-transform:uppercase;letter-spacing:.04em');
  if (title.align === 'center') titleRules.push('text-align:center');
  if (title.size === 'large') titleRules.push('font-size:1.75rem');
  let css = `.qb-title{${titleRules.join(';')}}`;
  if (title.size === 'large') css += '@media (min-width:40em){.qb-title{font-size:2.25rem}}';
  if (title.align === 'center') css += '.qb-status{text-align:center}';
  const buttonWeight = boldWeightOf(theme.defaults.buttonFontFamily) === 700 ? 600 : 400;
  css += `.qb-btn{font-weight:${buttonWeight}}`;
  if (uppercaseButtons) css += '.qb-btn:not(.qb-answer){text-transform:uppercase;letter-spacing:.08em}';
  return css;
}

function layoutCss(theme: ThemeDefinition): string {
  const { design } = theme;
  if (design.layout === 'card') return cardBorderCss(design.card);
  // Full-bleed: the quiz sits on the page; over the marketer's photo or inside a frame it gets a panel.
  return (
    '.qb-card{padding:1rem .25rem;border-radius:0}' +
    '.qb-framed .qb-card,.qb-has-bg .qb-card{background:var(--qb-surface);padding:1.5rem 1.25rem;border-radius:var(--qb-radius)}' +
    '.qb-has-bg .qb-card{background:var(--qb-panel)}'
  );
}

/** The art sits behind everything on the page itself: never over the marketer's photo, never in a frame. */
function artCss(theme: ThemeDefinition): string {
  const background = artBackgroundCss(theme);
  if (!background) return '';
  return `html:not(.qb-framed) body:not(.qb-has-bg)::before{content:"";position:fixed;inset:0;z-index:-1;background:${background}}`;
}

/** The theme's CSS: its defaults as custom properties, then its typography, layout, shapes, answers and art. */
export function themeCss(theme: ThemeDefinition): string {
  return (
    rootVariables(theme) +
    typographyCss(theme) +
    layoutCss(theme) +
    buttonShapeCss(theme.design.buttonShape) +
    answerStyleCss(theme.design.answerStyle) +
    artCss(theme)
  );
}
