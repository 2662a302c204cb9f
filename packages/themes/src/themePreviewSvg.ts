import { artPreviewShapes } from './art/themeArt';
import { colorText, cssSurface, mixColors } from './themeColors';
import type { ButtonShape, CardStyle, ThemeDefinition } from './themeDefinition';

/*
 * A small picture of a quiz screen in the theme, for the builder's theme cards: the page and its art, the
 * card (or none), a progress bar, the title as bars, three answers in the theme's answer style and a button.
 * No text, no external references.
 */

const WIDTH = 253;
const HEIGHT = 150;
const CARD = { x: 46, y: 10, width: 161, height: 130 };
const CONTENT = { x: 58, width: 137 };

const CARD_RADIUS: Record<CardStyle['radius'], number> = { none: 0, small: 3, medium: 5, large: 9 };

const BUTTON_RADIUS: Record<ButtonShape, (height: number) => number> = {
  rounded: () => 3,
  pill: (height) => height / 2,
  square: () => 0,
  shadowed: () => 3,
  ring: () => 2,
  brutal: () => 0,
  glow: () => 4,
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const rect = (box: Box, fill: string, extra = '') =>
  `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${fill}"${extra}/>`;

function checkerboard(): string {
  return (
    '<defs><pattern id="checks" width="16" height="16" patternUnits="userSpaceOnUse">' +
    '<rect width="16" height="16" fill="#ffffff"/><path d="M0 0h8v8H0zM8 8h8v8H8z" fill="#eeeeee"/></pattern></defs>' +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#checks)"/>`
  );
}

function cardShapes(theme: ThemeDefinition): string {
  const { design, defaults } = theme;
  if (design.layout === 'full-bleed') return '';
  const radius = ` rx="${CARD_RADIUS[design.card.radius]}"`;
  let shapes = '';
  if (design.card.shadow === 'soft')
    shapes += rect({ ...CARD, y: CARD.y + 2 }, '#000000', `${radius} opacity=".12"`);
  if (design.card.shadow === 'lifted')
    shapes += rect({ ...CARD, y: CARD.y + 5 }, '#000000', `${radius} opacity=".25"`);
  if (design.card.shadow === 'hard')
    shapes += rect({ ...CARD, x: CARD.x + 4, y: CARD.y + 4 }, defaults.textColor, radius);
  let stroke = '';
  if (design.card.shadow === 'hard') stroke = ` stroke="${defaults.textColor}" stroke-width="1.5"`;
  else if (design.card.accent === 'border') stroke = ` stroke="${defaults.textColor}" stroke-opacity=".16"`;
  shapes += rect(CARD, design.surfaceColor, radius + stroke);
  if (design.card.accent === 'top' && design.card.shadow !== 'hard') {
    shapes += rect({ ...CARD, height: 3 }, defaults.buttonBackgroundColor);
  }
  return shapes;
}

const label = (x: number, y: number, width: number, fill: string) =>
  rect({ x, y: y - 1.5, width, height: 3 }, fill, ' rx="1.5"');

function answerShapes(theme: ThemeDefinition, index: number): string {
  const { defaults, design } = theme;
  const box = { x: CONTENT.x, y: 56 + index * 18, width: CONTENT.width, height: 14 };
  const radius = ` rx="${BUTTON_RADIUS[design.buttonShape](box.height)}"`;
  const middle = box.y + box.height / 2;
  const surface = cssSurface(theme);
  const width = 46 - index * 8;
  switch (design.answerStyle) {
    case 'solid':
      return (
        rect(box, defaults.buttonBackgroundColor, radius) +
        label(box.x + 7, middle, width, defaults.buttonTextColor)
      );
    case 'outline':
      return (
        rect(box, 'none', `${radius} stroke="${defaults.buttonBackgroundColor}" stroke-width="1.5"`) +
        label(box.x + 7, middle, width, defaults.textColor)
      );
    case 'tinted':
      return (
        rect(box, colorText(mixColors(defaults.buttonBackgroundColor, surface, 12)), radius) +
        rect({ ...box, width: 3 }, defaults.buttonBackgroundColor) +
        label(box.x + 9, middle, width, defaults.textColor)
      );
    case 'lettered': {
      const badge = { x: box.x + 3, y: box.y + 2.5, width: 9, height: 9 };
      return (
        rect(
          box,
          colorText(mixColors(defaults.textColor, surface, 6)),
          `${radius} stroke="${defaults.textColor}" stroke-opacity=".22"`,
        ) +
        rect(
          badge,
          defaults.buttonBackgroundColor,
          ` rx="${BUTTON_RADIUS[design.buttonShape](badge.height)}"`,
        ) +
        label(box.x + 17, middle, width, defaults.textColor)
      );
    }
    case 'underline':
      return (
        rect({ ...box, y: box.y + box.height - 1, height: 1.5 }, defaults.textColor, ' opacity=".18"') +
        label(box.x + 2, middle, width, defaults.textColor)
      );
  }
}

function buttonShapes(theme: ThemeDefinition): string {
  const { defaults, design } = theme;
  const box = { x: CONTENT.x, y: 115, width: 64, height: 13 };
  if (design.title.align === 'center') box.x = CONTENT.x + (CONTENT.width - box.width) / 2;
  const radius = ` rx="${BUTTON_RADIUS[design.buttonShape](box.height)}"`;
  const fill = defaults.buttonBackgroundColor;
  let under = '';
  if (design.buttonShape === 'shadowed')
    under = rect({ ...box, y: box.y + 2 }, colorText(mixColors(fill, '#000000', 62)), radius);
  if (design.buttonShape === 'brutal')
    under = rect({ ...box, x: box.x + 2, y: box.y + 2 }, defaults.textColor);
  if (design.buttonShape === 'glow')
    under = rect(
      { ...box, x: box.x - 3, y: box.y - 2, width: box.width + 6, height: box.height + 5 },
      fill,
      ' rx="8" opacity=".3"',
    );
  if (design.buttonShape === 'ring') {
    under = rect(
      { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 },
      'none',
      ` rx="3" stroke="${fill}" stroke-width="1"`,
    );
  }
  const stroke = design.buttonShape === 'brutal' ? ` stroke="${defaults.textColor}"` : '';
  return (
    under +
    rect(box, fill, radius + stroke) +
    label(box.x + (box.width - 30) / 2, box.y + box.height / 2, 30, defaults.buttonTextColor)
  );
}

function contentShapes(theme: ThemeDefinition): string {
  const { defaults, design } = theme;
  const centred = design.title.align === 'center';
  const titleWidth = design.title.size === 'large' ? 118 : 100;
  const titleHeight = design.title.size === 'large' ? 9 : 7;
  const at = (width: number) => (centred ? CONTENT.x + (CONTENT.width - width) / 2 : CONTENT.x);
  const progress = { x: CONTENT.x, y: 20, width: CONTENT.width, height: 3 };
  return (
    rect(progress, defaults.textColor, ' rx="1.5" opacity=".18"') +
    rect({ ...progress, width: 55 }, defaults.buttonBackgroundColor, ' rx="1.5"') +
    rect(
      { x: at(titleWidth), y: 30, width: titleWidth, height: titleHeight },
      defaults.textColor,
      ' rx="2"',
    ) +
    rect({ x: at(70), y: 44, width: 70, height: 3 }, defaults.textColor, ' rx="1.5" opacity=".6"') +
    [0, 1, 2].map((index) => answerShapes(theme, index)).join('') +
    buttonShapes(theme)
  );
}

export function themePreviewSvg(theme: ThemeDefinition): string {
  const { pageColor } = theme.design;
  const page =
    pageColor === 'transparent'
      ? checkerboard()
      : `<rect width="${WIDTH}" height="${HEIGHT}" fill="${pageColor}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    page +
    artPreviewShapes(theme, WIDTH, HEIGHT) +
    cardShapes(theme) +
    contentShapes(theme) +
    '</svg>'
  );
}
