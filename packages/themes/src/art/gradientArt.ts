import { svgNumber as n } from './seededRandom';

/*
 * Art that CSS draws by itself (no image at all): a soft mesh of colour glows, and rays from below the page.
 * Each has a matching SVG drawing for the theme's preview picture.
 */

const GLOWS: { x: number; y: number; reach: number }[] = [
  { x: 12, y: 18, reach: 55 },
  { x: 88, y: 82, reach: 60 },
  { x: 85, y: 10, reach: 40 },
];

const pick = (colors: readonly string[], index: number): string => colors[index % colors.length] ?? '#000000';

export const meshGradientCss = (colors: readonly string[]): string =>
  GLOWS.map(
    (glow, index) =>
      `radial-gradient(at ${glow.x}% ${glow.y}%,${pick(colors, index)},transparent ${glow.reach}%)`,
  ).join(',');

export function meshGradientSvg(colors: readonly string[], width: number, height: number): string {
  const gradients = GLOWS.map(
    (glow, index) =>
      `<radialGradient id='glow${index}' cx='${glow.x / 100}' cy='${glow.y / 100}' r='${n((glow.reach / 100) * 1.2)}'>` +
      `<stop offset='0' stop-color='${pick(colors, index)}'/><stop offset='1' stop-color='${pick(colors, index)}' stop-opacity='0'/></radialGradient>`,
  ).join('');
  const layers = GLOWS.map(
    (_, index) => `<rect width='${width}' height='${height}' fill='url(#glow${index})'/>`,
  ).join('');
  return `<defs>${gradients}</defs>${layers}`;
}

/** Degrees of one ray; a ray and the gap after it make one period. */
const RAY_DEGREES = 6;

export const sunburstCss = (colors: readonly string[]): string =>
  `repeating-conic-gradient(from 0deg at 50% 110%,${pick(colors, 0)} 0 ${RAY_DEGREES}deg,${pick(colors, 1)} ${RAY_DEGREES}deg ${RAY_DEGREES * 2}deg)`;

export function sunburstSvg(colors: readonly string[], width: number, height: number): string {
  const cx = width / 2;
  const cy = height * 1.1;
  const reach = Math.hypot(width, height) * 1.2;
  const at = (degrees: number) => {
    // CSS conic angles start at the top and turn clockwise.
    const radians = (degrees * Math.PI) / 180;
    return `${n(cx + Math.sin(radians) * reach)} ${n(cy - Math.cos(radians) * reach)}`;
  };
  let rays = '';
  for (let start = -90; start < 90; start += RAY_DEGREES * 2) {
    rays += `M${n(cx)} ${n(cy)}L${at(start)}L${at(start + RAY_DEGREES)}Z`;
  }
  return `<rect width='${width}' height='${height}' fill='${pick(colors, 1)}'/><path d='${rays}' fill='${pick(colors, 0)}'/>`;
}
