import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WEB_FONTS, type WebFont, webFontOf } from '@quizbeam/contracts/fonts';
import {
  FONT_SUBSETS,
  type FontSubset,
  type FontWeight,
  fontFileName,
  fontPackageDir,
  unicodeRangeOf,
} from './fontPackage';

export type { FontWeight } from './fontPackage';

/** Where the builder's host serves the font files and `fonts.css`. */
export const BUILDER_FONTS_PATH = '/ui/fonts';
/** Where every published site serves the font files, from the site's root. */
export const PUBLISHED_FONTS_PATH = '/_q/fonts';

interface ServedFontFile {
  font: WebFont;
  subset: FontSubset;
  weight: FontWeight;
}

/** Only these names are ever read: the latin and latin-ext files of each listed font's listed weights. */
const servedFiles = new Map<string, ServedFontFile>(
  WEB_FONTS.flatMap((font) =>
    font.weights.flatMap((weight) =>
      FONT_SUBSETS.map((subset) => [fontFileName(font, subset, weight), { font, subset, weight }] as const),
    ),
  ),
);

export const SERVED_FONT_FILE_NAMES: readonly string[] = [...servedFiles.keys()];

const fileBytes = new Map<string, Promise<Buffer>>();

/**
 * The bytes of a served font file, read from its package on first use and kept in memory (a few MB for
 * every file); undefined for any name that is not one of them.
 */
export async function readFontFile(name: string): Promise<Buffer | undefined> {
  const served = servedFiles.get(name);
  if (!served) return undefined;
  let bytes = fileBytes.get(name);
  if (!bytes) {
    bytes = readFile(path.join(fontPackageDir(served.font), 'files', name));
    fileBytes.set(name, bytes);
    // A failed read is tried again next time rather than kept.
    bytes.catch(() => fileBytes.delete(name));
  }
  return bytes;
}

/** The listed fonts among these family names, each once, in the order given; others are left out. */
function listedFonts(families: readonly string[]): WebFont[] {
  const fonts = new Set<WebFont>();
  for (const family of families) {
    const font = webFontOf(family);
    if (font) fonts.add(font);
  }
  return [...fonts];
}

/**
 * @font-face rules (woff2 only, latin and latin-ext with their unicode-range, font-display: swap) for the
 * listed families among `families`, at each of `weights` the family has (all its weights when omitted);
 * the files' URLs are `${baseUrl}/${file}`.
 */
export function fontFaceCss(
  families: readonly string[],
  baseUrl: string,
  weights?: readonly FontWeight[],
): string {
  const base = baseUrl.replace(/\/+$/, '');
  const rules: string[] = [];
  for (const font of listedFonts(families)) {
    for (const weight of font.weights) {
      if (weights && !weights.includes(weight)) continue;
      for (const subset of FONT_SUBSETS) {
        const file = fontFileName(font, subset, weight);
        rules.push(
          `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${weight};font-display:swap;` +
            `src:url("${base}/${file}") format("woff2");unicode-range:${unicodeRangeOf(font, subset, weight)}}`,
        );
      }
    }
  }
  return rules.join('\n');
}

/** The latin file of each face worth a `<link rel=preload>` (a family without that weight gives none). */
export function fontPreloadFiles(faces: readonly { family: string; weight: FontWeight }[]): string[] {
  const files = faces.flatMap(({ family, weight }) => {
    const font = webFontOf(family);
    return font?.weights.includes(weight) ? [fontFileName(font, 'latin', weight)] : [];
  });
  return [...new Set(files)];
}
