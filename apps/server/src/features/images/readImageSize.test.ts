import { describe, expect, it } from 'vitest';
import {
  gifHeader,
  jpegHeader,
  pngImage,
  webpExtendedHeader,
  webpLosslessHeader,
  webpLossyHeader,
} from '../../testing/imageBytes';
import { readImageSize, readJpegSize, readPngSize, readWebpSize } from './readImageSize';

describe('readImageSize', () => {
  it('reads a PNG from its IHDR chunk', () => {
    expect(readImageSize(pngImage(1, 1))).toEqual({ contentType: 'image/png', width: 1, height: 1 });
    expect(readImageSize(pngImage(300, 7))).toEqual({ contentType: 'image/png', width: 300, height: 7 });
  });

  it('reads both GIF versions from the logical screen descriptor', () => {
    expect(readImageSize(gifHeader(640, 480))).toEqual({ contentType: 'image/gif', width: 640, height: 480 });
    expect(readImageSize(gifHeader(2, 65535, 'GIF87a'))).toEqual({
      contentType: 'image/gif',
      width: 2,
      height: 65535,
    });
  });

  it('reads a JPEG from its first SOFn segment, baseline or progressive', () => {
    expect(readImageSize(jpegHeader(1280, 900))).toEqual({
      contentType: 'image/jpeg',
      width: 1280,
      height: 900,
    });
    expect(readImageSize(jpegHeader(33, 44, { sofMarker: 0xc2 }))).toEqual({
      contentType: 'image/jpeg',
      width: 33,
      height: 44,
    });
  });

  it('swaps a JPEG’s width and height when Exif says it is shown rotated a quarter turn', () => {
    expect(readJpegSize(jpegHeader(4032, 3024, { orientation: 6 }))).toMatchObject({
      width: 3024,
      height: 4032,
    });
    expect(readJpegSize(jpegHeader(4032, 3024, { orientation: 3 }))).toMatchObject({
      width: 4032,
      height: 3024,
    });
  });

  it('does not take DHT (0xc4) for a frame header', () => {
    // A lone DHT segment and then the end of the image: there is no frame, so no size.
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x07, 0, 0, 9, 0, 9, 0xff, 0xd9]);
    expect(readJpegSize(bytes)).toBeNull();
  });

  it('reads lossy, lossless and extended WebP', () => {
    expect(readImageSize(webpLossyHeader(1280, 900))).toEqual({
      contentType: 'image/webp',
      width: 1280,
      height: 900,
    });
    expect(readImageSize(webpLosslessHeader(1, 1))).toEqual({
      contentType: 'image/webp',
      width: 1,
      height: 1,
    });
    expect(readImageSize(webpLosslessHeader(16383, 2))).toEqual({
      contentType: 'image/webp',
      width: 16383,
      height: 2,
    });
    expect(readImageSize(webpExtendedHeader(20000, 300))).toEqual({
      contentType: 'image/webp',
      width: 20000,
      height: 300,
    });
  });

  it('refuses everything else, whatever the file was called', () => {
    const refused = [
      Buffer.alloc(0),
      Buffer.from('just some text, renamed to photo.png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7\n'),
      pngImage(1, 1).subarray(0, 20), // cut off inside IHDR
      jpegHeader(10, 10).subarray(0, 30), // cut off before the frame header
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]), // scan data before any frame
      gifHeader(0, 10), // a zero size is no image
      webpLossyHeader(10, 10).subarray(0, 26),
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(30)]),
    ];
    for (const bytes of refused) expect(readImageSize(bytes)).toBeNull();
  });

  it('leaves other formats to their own readers', () => {
    expect(readPngSize(gifHeader(1, 1))).toBeNull();
    expect(readWebpSize(pngImage(1, 1))).toBeNull();
    expect(readJpegSize(webpLossyHeader(1, 1))).toBeNull();
  });
});
