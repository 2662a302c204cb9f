import { artBackgroundWidth } from './art/themeArt';
import { boldWeightOf } from './fontWeight';
import type {
  AnswerStyle,
  ArtKind,
  ButtonShape,
  CardStyle,
  PaletteMood,
  ThemeDefinition,
  ThemeLayout,
  TitleStyle,
} from './themeDefinition';

/** A theme written compactly in the catalog's data files; defineTheme fills in the rest. */
export interface ThemeSpec {
  name: string;
  look: readonly [ThemeLayout, PaletteMood, ButtonShape, AnswerStyle];
  /** The page's colour, then the card's (a full-bleed theme's surface is its page). */
  page: readonly [string] | readonly [string, string];
  /** Body text colour and font. */
  text: readonly [string, string];
  /** Background, text colour, font. */
  button: readonly [string, string, string];
  cta: readonly [string, string, string];
  art: readonly [ArtKind, ...string[]];
  uppercaseButtons?: boolean;
  cardStyle?: Partial<CardStyle>;
  title?: Partial<TitleStyle>;
}

/** 'Aurora 21' → 'aurora-21'; 'Black & White (Transparent)' → 'black-white-transparent'. */
export const themeIdOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function defineTheme(spec: ThemeSpec, isExtra: boolean): ThemeDefinition {
  const [layout, palette, buttonShape, answerStyle] = spec.look;
  const [pageColor, cardColor = '#ffffff'] = spec.page;
  const [textColor, fontFamily] = spec.text;
  const [artKind, ...artColors] = spec.art;
  const title: TitleStyle = {
    font: 'body',
    weight: 700,
    uppercase: false,
    align: 'start',
    size: 'regular',
    ...spec.title,
  };
  const titleFamily = title.font === 'button' ? spec.button[2] : fontFamily;
  let surfaceColor = pageColor;
  if (layout === 'card') surfaceColor = cardColor;
  // An embed's transparent page is read against a white host page.
  else if (pageColor === 'transparent') surfaceColor = '#ffffff';
  return {
    id: themeIdOf(spec.name),
    name: spec.name,
    isExtra,
    defaultBackground: { width: artBackgroundWidth(artKind), height: 900 },
    defaults: {
      fontFamily,
      textColor,
      buttonBackgroundColor: spec.button[0],
      buttonTextColor: spec.button[1],
      buttonFontFamily: spec.button[2],
      ctaBackgroundColor: spec.cta[0],
      ctaTextColor: spec.cta[1],
      ctaFontFamily: spec.cta[2],
    },
    design: {
      layout,
      pageColor,
      surfaceColor,
      palette,
      card: {
        radius: 'medium',
        shadow: layout === 'card' ? 'soft' : 'none',
        accent: 'none',
        ...spec.cardStyle,
      },
      title: { ...title, weight: title.weight === 700 ? boldWeightOf(titleFamily) : 400 },
      buttonShape,
      uppercaseButtons: spec.uppercaseButtons ?? false,
      answerStyle,
      art: { kind: artKind, colors: artColors },
    },
  };
}
