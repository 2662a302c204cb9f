import type { TiledArtKind } from '../themeDefinition';
import { svgNumber as n, seededRandom } from './seededRandom';

/** A pattern tile: its shapes (SVG, single-quoted attributes) and size; the page repeats it. */
export interface ArtTile {
  width: number;
  height: number;
  shapes: string;
}

type TileDrawer = (colors: readonly string[], seed: string) => ArtTile;

const pick = (colors: readonly string[], index: number): string => colors[index % colors.length] ?? '#000000';

const CONFETTI_PIECES = 16;

function confetti(colors: readonly string[], seed: string): ArtTile {
  const random = seededRandom(seed);
  const size = 320;
  const pieces: string[] = [];
  for (let index = 0; index < CONFETTI_PIECES; index += 1) {
    // Kept off the tile's edges so no piece is cut where tiles meet.
    const x = 16 + random() * (size - 32);
    const y = 16 + random() * (size - 32);
    const turn = n(random() * 180);
    const fill = pick(colors, index);
    const shape = index % 3;
    if (shape === 0) {
      pieces.push(
        `<rect x='${n(x)}' y='${n(y)}' width='14' height='5' rx='1' fill='${fill}' transform='rotate(${turn} ${n(x)} ${n(y)})'/>`,
      );
    } else if (shape === 1) {
      pieces.push(`<circle cx='${n(x)}' cy='${n(y)}' r='4' fill='${fill}'/>`);
    } else {
      pieces.push(
        `<path d='M${n(x)} ${n(y)}l6 10h-12z' fill='${fill}' transform='rotate(${turn} ${n(x)} ${n(y)})'/>`,
      );
    }
  }
  return { width: size, height: size, shapes: pieces.join('') };
}

const TILES: Record<TiledArtKind, TileDrawer> = {
  dots: (colors) => ({
    width: 40,
    height: 40,
    shapes: `<circle cx='10' cy='10' r='3' fill='${pick(colors, 0)}'/><circle cx='30' cy='30' r='2' fill='${pick(colors, 1)}'/>`,
  }),
  grid: (colors) => ({
    width: 48,
    height: 48,
    shapes: `<path d='M0 24H48M24 0V48' stroke='${pick(colors, 0)}'/><circle cx='24' cy='24' r='2' fill='${pick(colors, 1)}'/>`,
  }),
  stripes: (colors) => ({
    width: 28,
    height: 28,
    shapes: `<path d='M-7 7L7-7M0 28L28 0M21 35L35 21' stroke='${pick(colors, 0)}' stroke-width='5'/>`,
  }),
  zigzag: (colors) => ({
    width: 48,
    height: 32,
    shapes:
      `<path d='M0 12L12 4L24 12L36 4L48 12' fill='none' stroke='${pick(colors, 0)}' stroke-width='2.5'/>` +
      `<path d='M0 28L12 20L24 28L36 20L48 28' fill='none' stroke='${pick(colors, 1)}' stroke-width='2.5'/>`,
  }),
  crosses: (colors) => ({
    width: 44,
    height: 44,
    shapes:
      `<path d='M11 5v12M5 11h12' stroke='${pick(colors, 0)}' stroke-width='2.5' stroke-linecap='round'/>` +
      `<circle cx='33' cy='33' r='2' fill='${pick(colors, 1)}'/>`,
  }),
  confetti,
};

export const drawTile = (kind: TiledArtKind, colors: readonly string[], seed: string): ArtTile =>
  TILES[kind](colors, seed);
