import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1.2 * 1024 * 1024, '1.2 MB'],
    [25 * 1024 * 1024, '25 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [2048 * 1024 ** 3, '2,048 GB'],
  ])('%d bytes read as %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
