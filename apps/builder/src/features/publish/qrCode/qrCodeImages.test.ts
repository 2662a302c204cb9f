import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_PNG_MIN_WIDTH, qrCodePixels, qrCodeSvg } from './qrCodeImages';

const ADDRESSES = [
  'https://quizbeam.example/coffee-finder',
  'https://quizzes.roastery-with-a-long-name.example.com/which-single-origin-coffee-suits-your-morning-2024',
];

/**
 * The dark modules of the library's SVG, read back into pixels: it draws each run of dark modules in a row
 * as one horizontal stroke ("M x y" starts a row, "m dx 0" skips light ones, "h n" draws n dark ones).
 */
function svgToPixels(svg: string, scale = 8): { width: number; data: Uint8ClampedArray } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const strokes = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, first, second] of strokes.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    const amount = Number(first);
    if (command === 'M') {
      x = amount;
      y = Math.floor(Number(second));
    } else if (command === 'm') {
      x += amount;
    } else {
      for (let column = x; column < x + amount; column += 1) {
        for (let dy = 0; dy < scale; dy += 1) {
          for (let dx = 0; dx < scale; dx += 1) {
            const offset = ((y * scale + dy) * width + column * scale + dx) * 4;
            data.fill(0, offset, offset + 3);
          }
        }
      }
      x += amount;
    }
  }
  return { width, data };
}

describe('the QR code of a published address', () => {
  it('is an SVG document that scans as the exact address', async () => {
    for (const address of ADDRESSES) {
      const svg = await qrCodeSvg(address);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      const image = svgToPixels(svg);
      expect(jsQR(image.data, image.width, image.width)?.data).toBe(address);
    }
  });

  it('draws the PNG at least 1024 pixels wide, in whole pixels per module, scanning as the exact address', () => {
    for (const address of ADDRESSES) {
      const { width, data } = qrCodePixels(address);
      expect(width).toBeGreaterThanOrEqual(QR_PNG_MIN_WIDTH);
      expect(width).toBeLessThan(QR_PNG_MIN_WIDTH * 1.2);
      expect(data).toHaveLength(width * width * 4);
      // Opaque everywhere: a transparent PNG prints as black on some printers.
      expect(data.filter((_value, index) => index % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
      expect(jsQR(data, width, width)?.data).toBe(address);
    }
  });
});
