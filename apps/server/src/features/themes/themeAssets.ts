import { createHash } from 'node:crypto';
import type { Theme } from '@quizbeam/contracts/themes';
import { themeSummary } from '@quizbeam/themes/effectiveAppearance';
import { themeCatalog } from '@quizbeam/themes/themeCatalog';
import { themeCss } from '@quizbeam/themes/themeCss';
import type { ThemeDefinition } from '@quizbeam/themes/themeDefinition';
import { themePreviewSvg } from '@quizbeam/themes/themePreviewSvg';

/** Where a theme's stylesheet and card picture are served on the builder's host (static assets live under /ui/). */
export const THEME_FILES_PREFIX = '/ui/themes/';

export interface ThemeFile {
  body: string;
  contentType: string;
}

export interface ThemeAsset {
  definition: ThemeDefinition;
  /** The CSS the published page inlines after the player's own. */
  css: string;
  summary: Theme;
}

interface ThemeAssets {
  byId: ReadonlyMap<string, ThemeAsset>;
  files: ReadonlyMap<string, ThemeFile>;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

function buildThemeAssets(): ThemeAssets {
  const byId = new Map<string, ThemeAsset>();
  const files = new Map<string, ThemeFile>();
  for (const definition of themeCatalog()) {
    const css = themeCss(definition);
    const svg = themePreviewSvg(definition);
    // Named by content, so they can be cached for a year and a deploy that changes a theme renames it.
    const cssFile = `${definition.id}-${hashOf(css)}.css`;
    const svgFile = `${definition.id}-${hashOf(svg)}.svg`;
    files.set(cssFile, { body: css, contentType: 'text/css; charset=utf-8' });
    files.set(svgFile, { body: svg, contentType: 'image/svg+xml' });
    const summary = themeSummary(definition, {
      cssUrl: `${THEME_FILES_PREFIX}${cssFile}`,
      previewUrl: `${THEME_FILES_PREFIX}${svgFile}`,
    });
    byId.set(definition.id, { definition, css, summary });
  }
  return { byId, files };
}

let built: ThemeAssets | null = null;

/** Every theme's CSS, picture and summary, made once per process on first use. */
export function themeAssets(): ThemeAssets {
  built ??= buildThemeAssets();
  return built;
}

/** The theme's assets, or the default theme's for an id the catalog does not have (an old snapshot). */
export function themeAssetOf(themeId: string): ThemeAsset {
  const { byId } = themeAssets();
  const asset = byId.get(themeId) ?? byId.values().next().value;
  if (!asset) throw new Error('The theme catalog is empty.');
  return asset;
}
