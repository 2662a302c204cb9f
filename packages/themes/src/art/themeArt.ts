import type { ArtKind, ThemeDefinition, TiledArtKind } from '../themeDefinition';
import { meshGradientCss, meshGradientSvg, sunburstCss, sunburstSvg } from './gradientArt';
import { drawScene, SCENE_HEIGHT, SCENE_WIDTH, type SvgSceneKind } from './sceneArt';
import { drawTile } from './tiledArt';

const TILED_KINDS: readonly TiledArtKind[] = ['dots', 'grid', 'stripes', 'zigzag', 'crosses', 'confetti'];
const SVG_SCENE_KINDS: readonly SvgSceneKind[] = ['waves', 'blobs', 'topography', 'mountains', 'circles'];

export const isTiledArt = (kind: ArtKind): kind is TiledArtKind =>
  (TILED_KINDS as readonly string[]).includes(kind);

/** Every kind of art the catalog can draw. */
export const ART_KINDS: readonly ArtKind[] = [
  'none',
  ...TILED_KINDS,
  ...SVG_SCENE_KINDS,
  'gradient',
  'sunburst',
];

/** The background size a kind of art is drawn for: tiles repeat on a narrow 640 × 900 canvas. */
export const artBackgroundWidth = (kind: ArtKind): 640 | 1280 => (isTiledArt(kind) ? 640 : 1280);

const svgDocument = (width: number, height: number, shapes: string) =>
  `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'>${shapes}</svg>`;

/** An SVG as a CSS data: URL; the art's markup uses single quotes, so only these characters need escaping. */
const dataUrl = (svg: string) =>
  `url("data:image/svg+xml,${svg.replace(/[%#<>]/g, (char) => encodeURIComponent(char))}")`;

/** The art as a CSS `background` value, or '' for a theme without art. Drawn from the theme's own colours. */
export function artBackgroundCss(theme: ThemeDefinition): string {
  const { kind, colors } = theme.design.art;
  if (kind === 'none') return '';
  if (kind === 'gradient') return meshGradientCss(colors);
  if (kind === 'sunburst') return sunburstCss(colors);
  if (isTiledArt(kind)) {
    const tile = drawTile(kind, colors, theme.id);
    return `${dataUrl(svgDocument(tile.width, tile.height, tile.shapes))} 0 0/${tile.width}px ${tile.height}px`;
  }
  const scene = drawScene(kind, colors, theme.id);
  return `${dataUrl(svgDocument(SCENE_WIDTH, SCENE_HEIGHT, scene.shapes))} ${scene.position}/cover no-repeat`;
}

/**
 * The art for a small picture (`width` × `height`): tiles at half size, scenes cropped like `cover`.
 * SVG elements without the outer <svg>; ids are prefixed so the picture stays self-contained.
 */
export function artPreviewShapes(theme: ThemeDefinition, width: number, height: number): string {
  const { kind, colors } = theme.design.art;
  if (kind === 'none') return '';
  if (kind === 'gradient') return meshGradientSvg(colors, width, height);
  if (kind === 'sunburst') return sunburstSvg(colors, width, height);
  if (isTiledArt(kind)) {
    const tile = drawTile(kind, colors, theme.id);
    return (
      `<defs><pattern id='art' width='${tile.width}' height='${tile.height}' patternUnits='userSpaceOnUse' ` +
      `patternTransform='scale(.5)'>${tile.shapes}</pattern></defs><rect width='${width}' height='${height}' fill='url(#art)'/>`
    );
  }
  const scene = drawScene(kind, colors, theme.id);
  const align = scene.position === '50% 100%' ? 'xMidYMax' : 'xMidYMid';
  return (
    `<svg width='${width}' height='${height}' viewBox='0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}' ` +
    `preserveAspectRatio='${align} slice'>${scene.shapes}</svg>`
  );
}
