import { defineTheme } from './defineTheme';
import { EXTRA_CARD_THEMES } from './extraCardThemes';
import { EXTRA_FULL_BLEED_THEMES } from './extraFullBleedThemes';
import { standardThemes } from './standardThemes';
import type { ThemeDefinition } from './themeDefinition';

/** The number a name ends with, or null: 'Theme 12' → 12, 'Black & White' → null. */
function trailingNumber(name: string): number | null {
  const digits = /(\d+)\s*$/.exec(name)?.[1];
  return digits === undefined ? null : Number(digits);
}

/** Sorted by trailing number, names without a number first; equal keys keep their order. */
export function sortThemes(themes: readonly ThemeDefinition[]): ThemeDefinition[] {
  const key = (theme: ThemeDefinition) => trailingNumber(theme.name) ?? Number.NEGATIVE_INFINITY;
  return [...themes].sort((a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? -1 : 1));
}

let catalog: readonly ThemeDefinition[] | null = null;
let byId: ReadonlyMap<string, ThemeDefinition> | null = null;

/** Every theme, sorted; the first is the default (DEFAULT_THEME_ID). */
export function themeCatalog(): readonly ThemeDefinition[] {
  if (!catalog) {
    const extras = [...EXTRA_CARD_THEMES, ...EXTRA_FULL_BLEED_THEMES].map((spec) => defineTheme(spec, true));
    catalog = Object.freeze(sortThemes([...standardThemes(), ...extras]));
  }
  return catalog;
}

export function findTheme(id: string): ThemeDefinition | undefined {
  byId ??= new Map(themeCatalog().map((theme) => [theme.id, theme]));
  return byId.get(id);
}

/** The themes an account may choose: the extra ones only with the extraTemplates permission. */
export const themesFor = ({ extraTemplates }: { extraTemplates: boolean }): ThemeDefinition[] =>
  themeCatalog().filter((theme) => extraTemplates || !theme.isExtra);

/** A theme in the catalog that an account may choose (an extra one only with extraTemplates). */
export function mayUseTheme(themeId: string, { extraTemplates }: { extraTemplates: boolean }): boolean {
  const theme = findTheme(themeId);
  return theme !== undefined && (extraTemplates || !theme.isExtra);
}
