import type { SceneArtKind } from '../themeDefinition';
import { svgNumber as n, seededRandom } from './seededRandom';

/** The size every scene is drawn for (the theme's default background); the page covers the screen with it. */
export const SCENE_WIDTH = 1280;
export const SCENE_HEIGHT = 900;

export type SvgSceneKind = Exclude<SceneArtKind, 'gradient' | 'sunburst'>;

export interface Scene {
  shapes: string;
  /** CSS background-position: where the scene stays anchored when the screen crops it. */
  position: string;
}

type Point = [number, number];
type SceneDrawer = (colors: readonly string[], random: () => number) => Scene;

const pick = (colors: readonly string[], index: number): string => colors[index % colors.length] ?? '#000000';

/** A closed, smooth loop through points around a centre, each at the radius times a random wobble. */
function wobblyLoop(
  cx: number,
  cy: number,
  radius: number,
  wobble: number,
  random: () => number,
  count = 8,
): string {
  const points: Point[] = [];
  for (let index = 0; index < count; index += 1) {
    const angle = (index / count) * Math.PI * 2;
    const reach = radius * (1 - wobble + random() * wobble * 2);
    points.push([cx + Math.cos(angle) * reach, cy + Math.sin(angle) * reach]);
  }
  const middle = (a: Point, b: Point) => `${n((a[0] + b[0]) / 2)} ${n((a[1] + b[1]) / 2)}`;
  const last = points[count - 1] as Point;
  let path = `M${middle(last, points[0] as Point)}`;
  points.forEach((point, index) => {
    path += `Q${n(point[0])} ${n(point[1])} ${middle(point, points[(index + 1) % count] as Point)}`;
  });
  return `${path}Z`;
}

const waves: SceneDrawer = (colors, random) => {
  const layers = [0, 1, 2].map((layer) => {
    const y = 540 + layer * 115;
    const lift = (30 + random() * 45) * (layer % 2 === 0 ? 1 : -1);
    const d = `M0 ${y}C213 ${n(y - lift)} 427 ${n(y + lift)} 640 ${y}S1067 ${n(y + lift)} 1280 ${y}V900H0Z`;
    return `<path d='${d}' fill='${pick(colors, layer)}'/>`;
  });
  return { shapes: layers.join(''), position: '50% 100%' };
};

const mountains: SceneDrawer = (colors, random) => {
  const sun = colors[3]
    ? `<circle cx='${n(820 + random() * 200)}' cy='230' r='90' fill='${colors[3]}'/>`
    : '';
  const ranges = [0, 1, 2].map((range) => {
    const base = 640 + range * 100;
    const height = 300 - range * 70;
    let d = `M0 900V${n(base - random() * height * 0.4)}`;
    for (let x = 128; x <= 1280; x += 128) {
      const peak = (x / 128) % 2 === 1;
      d += `L${x} ${n(base - (peak ? 0.5 + random() * 0.5 : random() * 0.3) * height)}`;
    }
    return `<path d='${d}V900Z' fill='${pick(colors, range)}'/>`;
  });
  return { shapes: sun + ranges.join(''), position: '50% 100%' };
};

const blobs: SceneDrawer = (colors, random) => {
  const places: [number, number, number][] = [
    [150, 130, 330],
    [1150, 790, 370],
    [1190, 110, 150],
    [300, 830, 120],
  ];
  const shapes = places
    .map(
      ([x, y, radius], index) =>
        `<path d='${wobblyLoop(x, y, radius, 0.2, random)}' fill='${pick(colors, index)}'/>`,
    )
    .join('');
  return { shapes, position: '50% 50%' };
};

const topography: SceneDrawer = (colors, random) => {
  const centres: Point[] = [
    [220 + random() * 200, 180 + random() * 140],
    [900 + random() * 200, 600 + random() * 160],
  ];
  const lines = centres.map(([x, y], index) => {
    let d = '';
    for (let ring = 1; ring <= 5; ring += 1) d += wobblyLoop(x, y, ring * 58, 0.12, random);
    return `<path d='${d}' fill='none' stroke='${pick(colors, index)}' stroke-width='2'/>`;
  });
  return { shapes: lines.join(''), position: '50% 50%' };
};

const circles: SceneDrawer = (colors, random) => {
  const size = (radius: number) => n(radius * (0.88 + random() * 0.24));
  const shapes =
    `<circle cy='900' r='${size(430)}' fill='${pick(colors, 0)}'/>` +
    `<circle cx='1280' r='${size(320)}' fill='${pick(colors, 1)}'/>` +
    `<circle cx='1120' cy='760' r='${size(120)}' fill='none' stroke='${pick(colors, 2)}' stroke-width='36'/>` +
    `<circle cx='250' cy='170' r='${size(56)}' fill='${pick(colors, 2)}'/>`;
  return { shapes, position: '50% 50%' };
};

const SCENES: Record<SvgSceneKind, SceneDrawer> = { waves, mountains, blobs, topography, circles };

export const drawScene = (kind: SvgSceneKind, colors: readonly string[], seed: string): Scene =>
  SCENES[kind](colors, seededRandom(seed));
