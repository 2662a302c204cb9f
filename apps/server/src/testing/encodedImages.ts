import sharp from 'sharp';

/**
 * A real, decodable image of the given size and format for tests: a gradient (so encoders have something to
 * compress), with an alpha channel when asked.
 */
export async function encodedImage(
  format: 'jpeg' | 'png' | 'gif' | 'webp',
  width: number,
  height: number,
  { alpha = false }: { alpha?: boolean } = {},
): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
      if (alpha) pixels[at + 3] = x < width / 2 ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}
