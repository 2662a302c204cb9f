import { describe, expect, it } from 'vitest';
import { modeOfColorText } from './colorText';

describe('colour text helpers', () => {
  it('reopens rgb() and hsl() values in RGBA mode, anything else in Hex mode', () => {
    expect(modeOfColorText('rgba(1, 2, 3, 1)')).toBe('rgba');
    expect(modeOfColorText(' HSL(1, 2%, 3%)')).toBe('rgba');
    expect(modeOfColorText('#abc')).toBe('hex');
    expect(modeOfColorText('white')).toBe('hex');
    expect(modeOfColorText('')).toBe('hex');
  });
});
