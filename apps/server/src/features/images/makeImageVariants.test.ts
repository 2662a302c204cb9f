import {
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
} from '@quizbeam/contracts/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../http/httpStatus';
import { encodedImage } from '../../testing/encodedImages';
import { jpegHeader, pngImage } from '../../testing/imageBytes';
import { makeImageVariants, variantWidths } from './makeImageVariants';

const summary = (made: Awaited<ReturnType<typeof makeImageVariants>>) =>
  made.variants.map(({ width, height, type }) => `${width}x${height} ${type}`);

describe('image variants', () => {
  it('picks the standard widths below the original, or the original width alone', () => {
    expect(variantWidths(2400)).toEqual([640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([640, 960]);
    expect(variantWidths(640)).toEqual([640]);
    expect(variantWidths(500)).toEqual([500]);
  });

  it('makes a WebP and a JPEG per width of a large photo, each really that size and type', async () => {
    const made = await makeImageVariants(await encodedImage('jpeg', 2400, 1600));
    expect(made).toMatchObject({ width: 2400, height: 1600 });
    expect(summary(made)).toEqual([
      '640x427 image/webp',
      '640x427 image/jpeg',
      '960x640 image/webp',
      '960x640 image/jpeg',
      '1280x853 image/webp',
      '1280x853 image/jpeg',
      '1920x1280 image/webp',
      '1920x1280 image/jpeg',
    ]);
    for (const variant of made.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(`image/${metadata.format}`).toBe(variant.type);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('turns a phone photo upright and strips its metadata', async () => {
    // Stored 1600 wide and 1200 high, shown a quarter turn round (Exif orientation 6): 1200 × 1600.
    const sideways = await sharp(await encodedImage('jpeg', 1600, 1200))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const made = await makeImageVariants(sideways);
    expect(made).toMatchObject({ width: 1200, height: 1600 });
    expect(summary(made)).toEqual([
      '640x853 image/webp',
      '640x853 image/jpeg',
      '960x1280 image/webp',
      '960x1280 image/jpeg',
    ]);
    const jpeg = await sharp(made.variants[1]?.bytes).metadata();
    expect(jpeg.orientation).toBeUndefined();
    expect(jpeg.exif).toBeUndefined();
  });

  it('keeps PNG, GIF and transparent WebP originals in PNG for the fallback, at their own width when small', async () => {
    expect(summary(await makeImageVariants(pngImage(500, 300)))).toEqual([
      '500x300 image/webp',
      '500x300 image/png',
    ]);
    const gif = await makeImageVariants(await encodedImage('gif', 800, 600));
    expect(summary(gif)).toEqual(['640x480 image/webp', '640x480 image/png']);
    const transparent = await makeImageVariants(await encodedImage('webp', 700, 700, { alpha: true }));
    expect(summary(transparent)).toEqual(['640x640 image/webp', '640x640 image/png']);
    const opaque = await makeImageVariants(await encodedImage('webp', 700, 700));
    expect(summary(opaque)).toEqual(['640x640 image/webp', '640x640 image/jpeg']);
  });

  it('refuses what is no image, what does not decode and what has too many pixels, with a 400', async () => {
    // The code the HTTP layer answers with a 400.
    expect(httpStatusOf('validation_failed')).toBe(400);
    const refusal = (message: string) => ({ code: 'validation_failed', message });
    await expect(makeImageVariants(Buffer.from('just some text'))).rejects.toMatchObject(
      refusal(IMAGE_TYPE_MESSAGE),
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>');
    await expect(makeImageVariants(svg)).rejects.toMatchObject(refusal(IMAGE_TYPE_MESSAGE));
    // A JPEG's header with no picture data after it.
    await expect(makeImageVariants(jpegHeader(1280, 900))).rejects.toMatchObject(
      refusal(IMAGE_UNREADABLE_MESSAGE),
    );
    await expect(makeImageVariants(jpegHeader(10_000, 5_000))).rejects.toMatchObject(
      refusal(IMAGE_TOO_MANY_PIXELS_MESSAGE),
    );
  });
});
