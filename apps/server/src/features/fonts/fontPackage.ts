import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WebFont } from '@quizbeam/contracts/fonts';

export type FontSubset = 'latin' | 'latin-ext';
export type FontWeight = WebFont['weights'][number];

/** Both subsets we serve; latin-ext first, as the packages list them. */
export const FONT_SUBSETS: readonly FontSubset[] = ['latin-ext', 'latin'];

/** The name of a file in `@fontsource/<id>/files/`. */
export const fontFileName = (font: WebFont, subset: FontSubset, weight: FontWeight): string =>
  `${font.id}-${subset}-${weight}-normal.woff2`;

// Resolved from this module's own URL: from the sources and from the server's bundle (apps/server/dist, where
// npm packages stay imports) alike, Node walks up to the node_modules that holds the package.
const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

/** The folder of the `@fontsource/<id>` package. */
export function fontPackageDir(font: WebFont): string {
  let dir = packageDirs.get(font.id);
  if (dir === undefined) {
    dir = path.dirname(require.resolve(`@fontsource/${font.id}/package.json`));
    packageDirs.set(font.id, dir);
  }
  return dir;
}

const UNICODE_RANGE = /^[0-9A-Fa-f?+U\-,\s]+$/;
const rangesByStylesheet = new Map<string, Map<string, string>>();

/**
 * The unicode-range of each file of one weight, read once from the package's `<weight>.css` (its
 * @font-face rules name a file in `src` and give its range), keyed by file name.
 */
function unicodeRangesOf(font: WebFont, weight: FontWeight): Map<string, string> {
  const key = `${font.id}/${weight}`;
  let ranges = rangesByStylesheet.get(key);
  if (ranges === undefined) {
    const css = readFileSync(path.join(fontPackageDir(font), `${weight}.css`), 'utf8');
    ranges = new Map();
    for (const rule of css.split('@font-face').slice(1)) {
      const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(rule)?.[1];
      const range = /unicode-range:([^;}]+)/.exec(rule)?.[1]?.trim();
      if (file && range && UNICODE_RANGE.test(range)) ranges.set(file, range.replace(/\s+/g, ''));
    }
    rangesByStylesheet.set(key, ranges);
  }
  return ranges;
}

/** The unicode-range of one file; a package without it is a broken install, not a visitor's problem. */
export function unicodeRangeOf(font: WebFont, subset: FontSubset, weight: FontWeight): string {
  const fileName = fontFileName(font, subset, weight);
  const range = unicodeRangesOf(font, weight).get(fileName);
  if (range === undefined) {
    throw new Error(`@fontsource/${font.id}/${weight}.css gives no unicode-range for ${fileName}.`);
  }
  return range;
}
