import QRCode from 'qrcode';

/*
 * The published address as a QR code, made in the browser by the `qrcode` library. This module is only ever
 * loaded with a dynamic import (see QrCodeSection), so the library stays out of the editor's first download.
 */

/** The quiet zone scanners expect around the code, in modules. */
const MARGIN = 4;
/** Medium error correction: survives some smudging on paper without making the code much denser. */
const ERROR_CORRECTION = 'M';
/** Wide enough to print sharply at poster size. */
export const QR_PNG_MIN_WIDTH = 1024;

/** An SVG document of the code (black modules on white), as the library draws it. */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: MARGIN, errorCorrectionLevel: ERROR_CORRECTION });
}

/** A square RGBA image of the code: `width` pixels a side, every module the same whole number of pixels. */
export interface QrCodePixels {
  width: number;
  data: Uint8ClampedArray;
}

/** The code's pixels at least `minWidth` wide (whole pixels per module keep the edges crisp). */
export function qrCodePixels(text: string, minWidth = QR_PNG_MIN_WIDTH): QrCodePixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const cells = modules.size + 2 * MARGIN;
  const scale = Math.ceil(minWidth / cells);
  const width = cells * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y += 1) {
    const row = Math.floor(y / scale) - MARGIN;
    if (row < 0 || row >= modules.size) continue;
    for (let x = 0; x < width; x += 1) {
      const col = Math.floor(x / scale) - MARGIN;
      if (col < 0 || col >= modules.size || !modules.get(row, col)) continue;
      const offset = (y * width + x) * 4;
      data[offset] = 0;
      data[offset + 1] = 0;
      data[offset + 2] = 0;
    }
  }
  return { width, data };
}

/** A PNG data URL of the code, drawn on a canvas from `qrCodePixels`. */
export function qrCodePngUrl(text: string): string {
  const { width, data } = qrCodePixels(text);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = width;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the QR code.');
  const image = context.createImageData(width, width);
  image.data.set(data);
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}

/** The SVG as a data URL, for an image element or a download link. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
