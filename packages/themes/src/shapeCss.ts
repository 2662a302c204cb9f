import type { ButtonShape, CardStyle } from './themeDefinition';

interface ButtonShapeSpec {
  radius: string;
  /** Rules for .qb-btn and the CTA; every colour comes from a variable, so overrides reach the shape. */
  css: string;
}

const ledge = (colour: string) => `0 .25rem 0 color-mix(in srgb,var(${colour}) 62%,#000)`;
const ring = (colour: string) => `0 0 0 2px var(--qb-surface),0 0 0 4px var(${colour})`;
const halo = (colour: string) => `0 .25rem 1.25rem color-mix(in srgb,var(${colour}) 55%,transparent)`;

const BUTTON_SHAPES: Record<ButtonShape, ButtonShapeSpec> = {
  rounded: { radius: '.5rem', css: '' },
  pill: { radius: '2rem', css: '.qb-btn{padding-inline:1.5rem}' },
  square: { radius: '0', css: '' },
  shadowed: {
    radius: '.5rem',
    css:
      `.qb-btn{box-shadow:${ledge('--qb-btn-bg')};margin-bottom:1rem}.qb-cta{box-shadow:${ledge('--qb-cta-bg')}}` +
      '.qb-btn:active{transform:translateY(.25rem);box-shadow:none}',
  },
  ring: {
    radius: '.375rem',
    css: `.qb-btn{box-shadow:${ring('--qb-btn-bg')};margin-bottom:1rem}.qb-cta{box-shadow:${ring('--qb-cta-bg')}}`,
  },
  brutal: {
    radius: '0',
    css:
      '.qb-btn{border:2px solid var(--qb-text);box-shadow:.25rem .25rem 0 var(--qb-text);margin-bottom:1rem}' +
      '.qb-btn:active{transform:translate(.25rem,.25rem);box-shadow:none}',
  },
  glow: {
    radius: '.75rem',
    css: `.qb-btn{box-shadow:${halo('--qb-btn-bg')}}.qb-cta{box-shadow:${halo('--qb-cta-bg')}}`,
  },
};

export const buttonRadius = (shape: ButtonShape): string => BUTTON_SHAPES[shape].radius;
export const buttonShapeCss = (shape: ButtonShape): string => BUTTON_SHAPES[shape].css;

/** Square-cornered buttons get square fields; every other shape keeps the player's rounded fields. */
export const fieldRadius = (shape: ButtonShape): string =>
  shape === 'square' || shape === 'brutal' ? '0' : '.5rem';

export const CARD_RADII: Record<CardStyle['radius'], string> = {
  none: '0',
  small: '.375rem',
  medium: '.75rem',
  large: '1.5rem',
};

const CARD_SHADOWS: Record<CardStyle['shadow'], string> = {
  none: 'none',
  soft: '0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.08)',
  lifted: '0 2px 6px rgba(0,0,0,.1),0 24px 48px -12px rgba(0,0,0,.35)',
  hard: '.5rem .5rem 0 var(--qb-text)',
};

export const cardShadow = (card: CardStyle): string => CARD_SHADOWS[card.shadow];

/** The card's border: the hard shadow's outline, the accent bar or the hairline. */
export function cardBorderCss(card: CardStyle): string {
  if (card.shadow === 'hard') return '.qb-card{border:2px solid var(--qb-text)}';
  if (card.accent === 'top') return '.qb-card{border-top:.375rem solid var(--qb-btn-bg)}';
  if (card.accent === 'border')
    return '.qb-card{border:1px solid color-mix(in srgb,var(--qb-text) 16%,transparent)}';
  return '';
}
