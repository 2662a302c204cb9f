import type { ThemeAppearance } from '@quizbeam/contracts/themes';

/**
 * One theme as data. The CSS (themeCss.ts) and the card picture (themePreviewSvg.ts) are made from this,
 * so a theme is a choice of layout, surfaces, shapes, answer style, background art, palette and fonts.
 */
export interface ThemeDefinition {
  /** Stable, stored in quiz documents: 'black-white', 'black-white-transparent', 'theme-1'…'theme-20', extras by name. */
  id: string;
  /** Shown on the cards; sorted by its trailing number, names without a number first. */
  name: string;
  /** Offered only to accounts with the extraTemplates permission. */
  isExtra: boolean;
  /** The background size the art is drawn for and the upload hint speaks of. */
  defaultBackground: { width: 1280 | 640; height: 900 };
  /** The eight appearance fields' defaults (fonts from WEB_FONTS, colours as #rrggbb). */
  defaults: ThemeAppearance;
  design: ThemeDesign;
}

/** The structural choices; ThemeDesign is completed by the themes package's author. */
export interface ThemeDesign {
  /** 'card': the quiz floats on a card over the background; 'full-bleed': no card, content on the page. */
  layout: 'card' | 'full-bleed';
  /** The page colour under any art; 'transparent' lets an embedding page show through. */
  pageColor: string;
  /** The colour directly behind body text: the card's colour, or pageColor for full-bleed. */
  surfaceColor: string;
  /** The palette's character, one of the dimensions that keeps the catalog varied. */
  palette: PaletteMood;
  /** The card's corners, shadow and accent (for full-bleed: the panel shown over a photo or in a frame). */
  card: CardStyle;
  title: TitleStyle;
  buttonShape: ButtonShape;
  /** Action buttons (Start, Show My Results, the CTA) in capitals with letter-spacing; answers never. */
  uppercaseButtons: boolean;
  answerStyle: AnswerStyle;
  /** Background art drawn from the theme's own colours; never fetched from elsewhere. */
  art: ThemeArt;
}

export type ThemeLayout = ThemeDesign['layout'];

export type PaletteMood =
  | 'mono'
  | 'light'
  | 'dark'
  | 'pastel'
  | 'bold'
  | 'earthy'
  | 'neon'
  | 'corporate'
  | 'vintage'
  | 'jewel';

/**
 * How answers look: 'solid' buttons in the button colours; 'outline' (border in the button colour, filled
 * on hover); 'tinted' tiles (the button colour mixed into the surface, with an accent bar); 'lettered'
 * (A, B, C badges from a CSS counter); 'underline' (a list of lines).
 */
export type AnswerStyle = 'solid' | 'outline' | 'tinted' | 'lettered' | 'underline';

/**
 * 'rounded', 'pill' and 'square' corners; 'shadowed' (a solid ledge under the button); 'ring' (an outline
 * ring around the filled button); 'brutal' (square, bordered, hard offset shadow); 'glow' (a soft halo).
 */
export type ButtonShape = 'rounded' | 'pill' | 'square' | 'shadowed' | 'ring' | 'brutal' | 'glow';

export interface CardStyle {
  radius: 'none' | 'small' | 'medium' | 'large';
  /** 'hard' is an offset solid shadow in the text colour, with a border. */
  shadow: 'none' | 'soft' | 'lifted' | 'hard';
  /** 'top': a bar in the button colour along the top; 'border': a hairline in the text colour. */
  accent: 'none' | 'top' | 'border';
}

export interface TitleStyle {
  /** 'button': the title takes the button font (a display face for headings and buttons alike). */
  font: 'body' | 'button';
  weight: 400 | 700;
  uppercase: boolean;
  align: 'start' | 'center';
  size: 'regular' | 'large';
}

/** Repeated patterns (drawn as a small tile, 640 × 900 themes) and scenes (cover the page, 1280 × 900). */
export type TiledArtKind = 'dots' | 'grid' | 'stripes' | 'zigzag' | 'crosses' | 'confetti';
export type SceneArtKind =
  | 'waves'
  | 'blobs'
  | 'topography'
  | 'mountains'
  | 'circles'
  | 'gradient'
  | 'sunburst';
export type ArtKind = 'none' | TiledArtKind | SceneArtKind;

export interface ThemeArt {
  kind: ArtKind;
  /** The art's colours (#rrggbb), in drawing order; for full-bleed themes any of them may lie under text. */
  colors: readonly string[];
}
